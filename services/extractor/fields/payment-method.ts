import type { DocumentText } from './document-text.js';
import { foundAt, spanOf, type Finding } from './finding.js';
import { findLabels, labelPattern } from './labels.js';

/** How the document is (to be) paid, as one of these codes. */
export type PaymentMethod = 'bank_transfer' | 'direct_debit' | 'credit_card' | 'debit_card' | 'cash' | 'paypal' | 'twint';

const METHODS: [PaymentMethod, RegExp][] = [
  [
    'direct_debit',
    labelPattern(String.raw`(?:sepa-?)?lastschrift\p{L}*`, 'bankeinzug', 'einzug', 'abbuchung', 'direct debit', 'prélèvement', 'addebito (?:diretto|sepa)', 'rid', 'lsv'),
  ],
  ['credit_card', labelPattern(String.raw`kredit-?karte`, 'credit card', 'visa', 'mastercard', 'american express', 'amex', 'carte de crédit', 'carte bancaire', 'carta di credito')],
  ['debit_card', labelPattern('ec-?karte', 'girocard', 'maestro', 'debit-?karte', 'debit card', 'postfinance card', 'carte de débit', 'bancomat')],
  ['paypal', labelPattern('paypal')],
  ['twint', labelPattern('twint')],
  ['cash', labelPattern('bar', 'barzahlung', 'bar bezahlt', 'in bar', 'cash', 'espèces', 'en espèces', 'contanti', 'in contanti')],
  [
    'bank_transfer',
    labelPattern(String.raw`(?:bank)?überweisung`, 'vorauskasse', 'bank transfer', 'wire transfer', 'virement(?: bancaire)?', 'bonifico(?: bancario)?', 'einzahlungsschein', 'qr-rechnung', 'qr-bill'),
  ],
];

const METHOD_LABEL = labelPattern(
  String.raw`zahlungs(?:art|weise|form|methode|mittel)`,
  'bezahlt mit',
  'bezahlt per',
  'payment method',
  'payment type',
  'paid by',
  'paid with',
  'mode de (?:paiement|règlement)',
  'moyen de paiement',
  'réglé par',
  'payé par',
  'modalità di pagamento',
  'metodo di pagamento',
  'pagato con',
);

/** Sentences that say how the amount will be paid although no label names the method. */
const STATED: [PaymentMethod, RegExp][] = [
  ['direct_debit', /(?:wird|werden) (?:\p{L}+ ){0,4}(?:abgebucht|eingezogen)|will be (?:debited|collected)|sera prélevé|verrà addebitato/iu],
  ['bank_transfer', /(?:bitte|wir bitten sie).{0,60}(?:überweisen|überweisung)|please (?:transfer|remit)|(?:veuillez|merci de) (?:virer|régler par virement)|(?:si prega di|vogliate) (?:effettuare il )?bonific/iu],
];

const methodIn = (text: string): { method: PaymentMethod; start: number; end: number } | null => {
  for (const [method, pattern] of METHODS) {
    const match = pattern.exec(text);
    if (match) return { method, start: match.index, end: match.index + match[0].length };
  }
  return null;
};

/**
 * The payment method: what a payment-method label names ("Zahlungsart: Bankeinzug"), else what a
 * sentence states ("wird von Ihrem Konto abgebucht", "Bitte überweisen Sie …").
 */
export const findPaymentMethod = (document: DocumentText): Finding<PaymentMethod> | null => {
  for (const match of findLabels(document, METHOD_LABEL)) {
    const value = /^[\s:.=-]*(?:\S+(?: \S+)*)?/.exec(match.after)?.[0] ?? '';
    const found = methodIn(value);
    if (found) return foundAt(found.method, 0.9, [spanOf(match.line, match.end + found.start, match.end + found.end)]);
  }
  for (const line of document.lines) {
    for (const [method, pattern] of STATED) {
      const match = pattern.exec(line.text);
      if (match) return foundAt(method, 0.7, [spanOf(line, match.index, match.index + match[0].length)]);
    }
  }
  return null;
};
