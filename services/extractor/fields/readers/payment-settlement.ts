/**
 * Signs that a document is settled by other means than a bank transfer to the sender: already paid,
 * charged to a card, collected by direct debit, paid in cash. Such a document needs no bank account,
 * so missing bank details are not "unclear payment credentials" there.
 */
// The word edges around the whole alternation, not around each cue: V8 tried every cue's `\b` at every
// position of the text, about 10 ms for one invoice in this case-insensitive Unicode pattern, 0.5 ms so.
const SETTLED_OTHERWISE = new RegExp(
  `\\b(?:${[
    // English
    'already paid',
    'paid in full',
    'payment received',
    'amount paid',
    'will be charged',
    'charged to your',
    'credit card',
    'debit card',
    'direct debit',
    'paid by card',
    'paid with',
    'paypal',
    'not to be used for payment remittance',
    'paid in cash',
    // German
    'bereits bezahlt',
    'betrag dankend erhalten',
    'bezahlt mit',
    'kreditkarte',
    'lastschrift',
    'abgebucht',
    'barzahlung',
    'bar bezahlt',
    'ec-karte',
    // French
    'déjà payé',
    'payé par',
    'carte bancaire',
    'carte de crédit',
    'prélèvement',
    'payé en espèces',
    'réglé',
    // Italian
    'già pagato',
    'pagato con',
    'carta di credito',
    'addebito diretto',
    'addebito sepa',
    'in contanti',
    'saldato',
  ]
    .map((cue) => cue.replace(/ /g, '\\s+'))
    .join('|')})\\b`,
  'iu',
);

export const isSettledOtherwise = (text: string): boolean => SETTLED_OTHERWISE.test(text);
