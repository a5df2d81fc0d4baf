import type { DocumentText } from '../layout/document-text.js';
import { foundAt, spanOf, type Finding } from '../values/finding.js';
import { findLabels, labelPattern, withoutAccentsToo } from '../layout/labels.js';
import { termsFor } from '../vocabulary/terms.js';

/** How the document is (to be) paid, as one of these codes. */
export type PaymentMethod = 'bank_transfer' | 'direct_debit' | 'credit_card' | 'debit_card' | 'cash' | 'paypal' | 'twint';

/**
 * A method's names as whole words; a digit may follow, as layouts glue a tender line's amount to the
 * method ("American Express2,00").
 */
const methodNames = (...alternatives: string[]): RegExp =>
  new RegExp(`(?<![\\p{L}\\d])(?:${withoutAccentsToo(alternatives.join('|'))})(?!\\p{L})`, 'iu');

const METHODS: [PaymentMethod, RegExp][] = [
  [
    'direct_debit',
    methodNames(
      String.raw`(?:sepa-?)?lastschrift\p{L}*`,
      'bankeinzug',
      'einzug',
      'abbuchung',
      'direct debit',
      'prélèvement',
      'addebito (?:diretto|sepa)',
      'rid',
      'lsv',
      '(?:automatische )?incasso',
      String.raw`domiciliación(?: bancaria)?`,
      'recibo domiciliado',
      'adeudo directo',
    ),
  ],
  [
    'credit_card',
    methodNames(
      String.raw`kredit-?karte`,
      'credit card',
      'visa',
      'mastercard',
      'american express',
      'amex',
      'carte de crédit',
      'carte bancaire',
      // A French till's tender line for the bank card ("CB  12,53 €").
      'cb',
      'carta di credito',
      'creditcard',
      'tarjeta de crédito',
    ),
  ],
  [
    'debit_card',
    // ("electronic cash", "EC-Cash", "elec.-cash": the German debit card scheme's former name, still on tills.)
    methodNames(
      'ec-?karte',
      'girocard',
      'maestro',
      'debit-?karte',
      'debit card',
      'postfinance card',
      'carte de débit',
      'bancomat',
      String.raw`(?:electronic|elec\.?|ec)[ -]?-?cash`,
      'debit mastercard',
      'visa debit',
      'debit visa',
      'v ?pay',
      'pinbetaling',
      // Dutch tills' tender line for the debit card ("PINNEN  12,76"); a bare "PIN" is as often a card slip's "PIN OK".
      'pinnen',
      'gepind',
      'bancontact',
      'tarjeta de débito',
    ),
  ],
  ['paypal', methodNames('paypal')],
  ['twint', methodNames('twint')],
  [
    'cash',
    methodNames(
      'bar',
      'bargeld',
      'barzahlung',
      'bar bezahlt',
      'in bar',
      'cash',
      'espèces',
      'en espèces',
      'au comptant',
      'contanti',
      'in contanti',
      'contant',
      'contante betaling',
      'efectivo',
      'en efectivo',
      'metálico',
    ),
  ],
  [
    'bank_transfer',
    methodNames(
      String.raw`(?:bank)?überweisung`,
      'vorauskasse',
      'bank transfer',
      'wire transfer',
      'virement(?: bancaire)?',
      'bonifico(?: bancario)?',
      'einzahlungsschein',
      'qr-rechnung',
      'qr-bill',
      'overboeking',
      '(?:bank)?overschrijving',
      String.raw`transferencia(?: bancaria)?`,
    ),
  ],
];

const METHOD_LABEL = labelPattern(...termsFor('paymentMethodLabel'));

/**
 * Words that name the payment a receipt line records: "Payment Maestro  8.66", "Pagamento American
 * Express", "Règlement Visa". The method must follow them straight away (after "by", "per", "con", …),
 * as these words also start payment terms that mention methods only as an option.
 */
const PAYMENT_WORD = labelPattern(...termsFor('paymentWord'));
const CONNECTOR = /^[\s:.=-]*(?:(?:by|with|via|per|mit|in|par|en|con|tramite|mediante) )?/iu;

/** Sentences that say how the amount will be paid although no label names the method. */
const STATED: [PaymentMethod, RegExp][] = (
  [
    [
      'direct_debit',
      // (A SEPA mandate's reference is printed where the amount is collected under it.)
      String.raw`(?:wird|werden) (?:[\p{L}\d.-]+ ){0,5}(?:abgebucht|eingezogen)|will be (?:debited|collected)|sera prélevé|verrà addebitato|wordt (?:[\p{L}-]+ ){0,4}(?:afgeschreven|geïncasseerd)|se (?:cargará|domiciliará)|mandatsreferenz|mandate reference|référence (?:unique )?du mandat|riferimento (?:del )?mandato|machtigingskenmerk|referencia (?:de la |del )?orden de domiciliación`,
    ],
    [
      'bank_transfer',
      String.raw`(?:bitte|wir bitten sie).{0,60}(?:überweisen|überweisung)|please (?:transfer|remit)|(?:veuillez|merci de) (?:virer|verser|régler par virement)|(?:si prega di|vogliate) (?:effettuare il )?bonific|(?:gelieve|graag|verzoeken wij u).{0,60}(?:over te maken|overmaken|over te schrijven|te storten|te betalen op)`,
    ],
  ] as const
).map(([method, source]) => [method, new RegExp(withoutAccentsToo(source), 'iu')]);

/** A card terminal's payment heading: "Kartenzahlung", "Card payment", "Paiement par carte", "Pagamento con carta". */
const CARD_PAYMENT = new RegExp(
  withoutAccentsToo(String.raw`(?<!\p{L})(?:kartenzahlung|card payment|paiement (?:par )?carte|pagamento (?:con )?carta)(?!\p{L})`),
  'iu',
);

const AMOUNT = /^(?:[A-Z]{3} |[$€£] ?)?-?\d[\d'.,]*[.,]\d{2}(?: ?(?:[A-Z]{3}|[$€£]))?$/u;

/** The method named first in the text, with where it is named. */
const methodIn = (text: string): { method: PaymentMethod; start: number; end: number } | null => {
  let first: { method: PaymentMethod; start: number; end: number } | null = null;
  for (const [method, pattern] of METHODS) {
    const match = pattern.exec(text);
    if (match && (!first || match.index < first.start)) first = { method, start: match.index, end: match.index + match[0].length };
  }
  return first;
};

/**
 * The payment method: what a payment-method label names ("Zahlungsart: Bankeinzug"), a method right
 * after a payment word ("Payment Maestro", "Règlement par virement"), a receipt's tender line ("Bar
 * 20.00"), else what a sentence states ("wird von Ihrem Konto abgebucht", "Bitte überweisen Sie …").
 */
export const findPaymentMethod = (document: DocumentText): Finding<PaymentMethod> | null => {
  for (const match of findLabels(document, METHOD_LABEL)) {
    const value = /^[\s:.=-]*(?:\S+(?: \S+)*)?/.exec(match.after)?.[0] ?? '';
    const found = methodIn(value);
    if (found) return foundAt(found.method, 0.9, [spanOf(match.line, match.end + found.start, match.end + found.end)]);
  }
  for (const match of findLabels(document, PAYMENT_WORD)) {
    const skipped = CONNECTOR.exec(match.after)?.[0].length ?? 0;
    const found = methodIn(match.after.slice(skipped));
    if (found && found.start === 0) {
      const start = match.end + skipped;
      return foundAt(found.method, 0.85, [spanOf(match.line, start, start + found.end)]);
    }
  }
  // A receipt's tender line: the method alone before the amount handed over ("Bar   20.00", "Espèces  10,00").
  for (const line of document.lines) {
    const first = line.segments[0];
    const last = line.segments.at(-1);
    if (!first || !last || first === last || line.segments.length > 3 || !AMOUNT.test(last.text)) continue;
    // The method alone, but for punctuation a scan may add ("Contanti'.") and the currency ("Bar EUR   120,00").
    const name = first.text.replace(/(?:\s+(?:EUR|CHF|GBP|USD))?[^\p{L}]*$/u, '');
    const found = methodIn(name);
    if (found && found.start === 0 && found.end === name.length)
      return foundAt(found.method, 0.8, [spanOf(line, first.start, first.start + name.length)]);
  }
  // A card terminal's slip: its payment heading, the card's scheme on its line or the two under it ("Kartenzahlung" /
  // "girocard", "Kartenzahlung Debit MasterCard").
  for (const line of document.lines) {
    const heading = CARD_PAYMENT.exec(line.text);
    if (!heading) continue;
    const rest = [
      { line, from: heading.index + heading[0].length },
      ...document.lines.slice(line.index + 1, line.index + 3).map((next) => ({ line: next, from: 0 })),
    ];
    for (const { line: schemeLine, from } of rest) {
      const text = schemeLine.text.slice(from);
      const lead = text.length - text.trimStart().length;
      const found = methodIn(text.trim());
      if (found && found.start === 0 && found.method !== 'cash')
        return foundAt(found.method, 0.8, [spanOf(schemeLine, from + lead, from + lead + found.end)]);
    }
  }
  for (const line of document.lines) {
    for (const [method, pattern] of STATED) {
      const match = pattern.exec(line.text);
      if (match) return foundAt(method, 0.7, [spanOf(line, match.index, match.index + match[0].length)]);
    }
  }
  return null;
};
