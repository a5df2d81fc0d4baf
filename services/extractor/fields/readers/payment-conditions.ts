import { linesBelow, type DocumentText, type TextLine } from '../layout/document-text.js';
import { foundAt, spanOf, type Finding, type Span } from '../values/finding.js';
import { findLabels, findMisspeltLabels, labelPattern, valueNearLabel, valueUnderHeaderCell, type Read } from '../layout/labels.js';
import { dateAtStart, findDates, inYearFirstOrder } from '../values/parse-date.js';
import { documentYearFirstOrder } from './invoice-date.js';
import { findNumbers } from '../values/parse-number.js';
import { termsFor } from '../vocabulary/terms.js';
import { findHeaderValueRow, headerRowDates, HEADER_ROW_CONFIDENCE } from './header-value-row.js';

export interface PaymentConditionValue {
  date: string | null;
  type: 'payment_condition';
  /** Cash discount in percent ("2"), null for the net term. */
  percentage: string | null;
  fixed_price: string | null;
  number_of_days: number | null;
}

const CASH_DISCOUNT = /(?<!\p{L})(?:skonto|escompte|sconto|cash discount|early payment discount|discount)(?!\p{L})/iu;
const PAYMENT_WORD =
  /(?<!\p{L})(?:zahlbar|zahlung\p{L}*|netto|fällig|rein netto|payable|payment|pay|due|net|paiement|payer|régler|règlement|solde|pagamento|pagabile|pagare|termini|betaling|betalen|betaalbaar)(?!\p{L})/iu;
const PAYMENT_TERMS_LABEL = labelPattern(...termsFor('paymentTermsLabel'));
const PAYMENT_TERMS_LABEL_AT_START = new RegExp(String.raw`^\s*${PAYMENT_TERMS_LABEL.source}\s*:?`, PAYMENT_TERMS_LABEL.flags);
const DAYS = /(?<![\d.,])(\d{1,3}) ?(?:kalender)?(?:tagen?|tg\.?|days?|jours?|j\.?|giorni|gg\.?|dagen)(?!\p{L})/iu;
// The English trade term "Net 30" (the net amount due 30 days after the invoice), a clause of its own or in a terms line.
const NET_DAYS = /^\s*net ?(\d{1,3})\s*$/i;
const IMMEDIATELY =
  /(?<!\p{L})(?:sofort|umgehend|immediately|upon receipt|on receipt|à réception|dès réception|immédiatement|immediato|a vista|a ricevimento)(?!\p{L})/iu;
const TWO_TEN_NET_THIRTY = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?) ?\/ ?(\d{1,3}),? net (\d{1,3})(?!\d)/i;

const DUE_DATE_LABEL = labelPattern(...termsFor('dueDateLabel'));
const DUE_DATE_WORDS = termsFor('dueDateWord');
// How sure a due date under a label printed a letter off is.
const MISSPELT_CONFIDENCE = 0.65;

interface Clause {
  text: string;
  line: TextLine;
  start: number;
}

/** A line's clauses: terms are joined by commas and semicolons ("30 Tage netto, 2% Skonto innert 10 Tagen"). */
const clausesOf = (line: TextLine): Clause[] =>
  [...line.text.matchAll(/[^,;]+(?:,(?=\S)[^,;]*)*/g)].map((match) => ({ text: match[0], line, start: match.index }));

const addDays = (iso: string, days: number): string => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const daysBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

interface Term {
  percentage: string | null;
  days: number;
  /** A date printed with the term ("bis 04.07.2018"). */
  printedDate: string | null;
  span: Span;
}

const clauseSpan = (clause: Clause): Span => spanOf(clause.line, clause.start, clause.start + clause.text.length);

const termOf = (document: DocumentText, clause: Clause, inTermsLine: boolean, continuation: string): Term | null => {
  const printedDate = findDates(clause.text, document.dateOrder)[0]?.iso ?? null;
  if (CASH_DISCOUNT.test(clause.text)) {
    const percentage = findNumbers(clause.text).find(
      (number) => number.isPercentage && Number(number.value) > 0 && Number(number.value) < 20,
    );
    // A sentence wrapped onto the next line: "… 1,5% Skonto bei Zahlung innerhalb von 10" / "Tagen."
    const days = DAYS.exec(clause.text) ?? (/\d\s*$/.test(clause.text) ? DAYS.exec(`${clause.text} ${continuation}`) : null);
    if (!percentage || !days) return null;
    return { percentage: String(Number(percentage.value)), days: Number(days[1]), printedDate, span: clauseSpan(clause) };
  }
  if (!inTermsLine && !PAYMENT_WORD.test(clause.text)) return null;
  const days = DAYS.exec(clause.text) ?? NET_DAYS.exec(clause.text.replace(PAYMENT_TERMS_LABEL_AT_START, ''));
  if (days) return { percentage: null, days: Number(days[1]), printedDate, span: clauseSpan(clause) };
  if (IMMEDIATELY.test(clause.text)) return { percentage: null, days: 0, printedDate, span: clauseSpan(clause) };
  return null;
};

const termsOf = (document: DocumentText, line: TextLine, inTermsLine: boolean): Term[] => {
  const twoTen = TWO_TEN_NET_THIRTY.exec(line.text);
  if (twoTen) {
    const span = spanOf(line, twoTen.index, twoTen.index + twoTen[0].length);
    return [
      { percentage: String(Number(twoTen[1]!.replace(',', '.'))), days: Number(twoTen[2]), printedDate: null, span },
      { percentage: null, days: Number(twoTen[3]), printedDate: null, span },
    ];
  }
  const next = document.lines[line.index + 1];
  const continuation = next && next.page === line.page ? (/^[^,;]*/.exec(next.text.trim())?.[0] ?? '') : '';
  return clausesOf(line).flatMap((clause) => termOf(document, clause, inTermsLine, continuation) ?? []);
};

// "Date limite de paiement le 05 Juillet 2015", "Fällig am 12.03.2026", "Due on March 12, 2026".
const PREPOSITION = /^[\s:.=-]*(?:(?:le|am|on|il|by|bis|zum|au|per|until|before)\s+)?/iu;

const dateAfterPreposition = (text: string, order: DocumentText['dateOrder']): Read<string> | null => {
  const skipped = PREPOSITION.exec(text)?.[0].length ?? 0;
  const read = dateAtStart(text.slice(skipped), order);
  return read && { value: read.value, start: read.start + skipped, end: read.end + skipped };
};

// A direct debit's notice: the amount "wird am 20.03.2014 … eingezogen", "will be debited on …", "sera prélevé le …".
const ON_DAY = /(?:^|\s)(?:am|on|le)\s+$/iu;
const DEBITED = /(?<!\p{L})(?:eingezogen|abgebucht|eingelöst|debited|collected|prélevée?s?)(?!\p{L})/iu;
const FROM_ACCOUNT = /konto|lastschrift|account|direct debit|compte|prélèvement/iu;

/**
 * The day a direct debit is collected, as its pre-notification states it: a date after "am" / "on" / "le" in a
 * sentence that says the amount is debited from an account (from its line's previous full stop to its own, on the next line too).
 */
const debitDateOf = (document: DocumentText): { value: string; span: Span } | null => {
  for (const line of document.lines) {
    for (const date of findDates(line.text, document.dateOrder)) {
      if (!ON_DAY.test(line.text.slice(0, date.start))) continue;
      const next = linesBelow(document, line, 1)[0];
      const before = line.text.slice(0, date.start).split(/\.\s/).at(-1)!;
      const after = `${line.text.slice(date.end)} ${next && !/\.\s*$/.test(line.text) ? next.text : ''}`.split(/\.(?:\s|$)/)[0]!;
      const sentence = `${before} ${after}`;
      if (DEBITED.test(sentence) && FROM_ACCOUNT.test(sentence)) return { value: date.iso, span: spanOf(line, date.start, date.end) };
    }
  }
  return null;
};

/**
 * A due date printed after its label, or under it in its table column, else the day a direct debit is collected,
 * else the one date after the issue date in a header row whose labels went unread (less sure): the net term when the
 * terms give no days.
 */
const dueDateOf = (document: DocumentText): { date: string; span: Span; confidence: number; labelled: boolean } | null => {
  const due = dueDateAsRead(document);
  if (!due) return null;
  // A year-first date that reads both ways, in the document's year-first order (as the issue date is read).
  const printed = due.span.line.text.slice(due.span.start, due.span.end);
  return { ...due, date: inYearFirstOrder(due.date, printed, () => documentYearFirstOrder(document)) };
};

const dueDateAsRead = (document: DocumentText): { date: string; span: Span; confidence: number; labelled: boolean } | null => {
  for (const match of findLabels(document, DUE_DATE_LABEL)) {
    const found =
      valueNearLabel(document, match, (text) => dateAfterPreposition(text, document.dateOrder)) ??
      valueUnderHeaderCell(document, match, (text) => dateAtStart(text, document.dateOrder));
    if (found) return { date: found.value, span: found.span, confidence: 0.8, labelled: true };
  }
  // A label a letter off ("Echéacnce", "À régier avant:"): a date printed as its value only, less sure.
  for (const match of findMisspeltLabels(document, DUE_DATE_LABEL, DUE_DATE_WORDS)) {
    const found =
      valueNearLabel(document, match, (text) => dateAfterPreposition(text, document.dateOrder)) ??
      valueUnderHeaderCell(document, match, (text) => dateAtStart(text, document.dateOrder));
    if (found) return { date: found.value, span: found.span, confidence: MISSPELT_CONFIDENCE, labelled: true };
  }
  const debited = debitDateOf(document);
  if (debited) return { date: debited.value, span: debited.span, confidence: 0.75, labelled: false };
  const row = findHeaderValueRow(document);
  const unlabelled = row && headerRowDates(row).due;
  return unlabelled ? { date: unlabelled.iso, span: unlabelled.span, confidence: HEADER_ROW_CONFIDENCE, labelled: false } : null;
};

/**
 * The payment terms: cash discounts (percentage and days) and the net term, each with its date (the
 * printed one, else the invoice date plus its days). A due date alone makes the net term, its days
 * counted from the invoice date. Terms need a payment word in their clause or a terms label on their
 * line, so a return period or an objection deadline is no payment term.
 */
export const findPaymentConditions = (document: DocumentText, invoiceDate: string | null): Finding<PaymentConditionValue>[] => {
  const termsLines = new Set(findLabels(document, PAYMENT_TERMS_LABEL).map((match) => match.line.index));
  const terms = document.lines.flatMap((line) => termsOf(document, line, termsLines.has(line.index) || termsLines.has(line.index - 1)));
  const discounts = terms.filter((term) => term.percentage !== null);
  const net = terms.find((term) => term.percentage === null);
  const due = dueDateOf(document);

  const conditions: Finding<PaymentConditionValue>[] = [];
  const seen = new Set<string>();
  const add = (term: Term, confidence: number) => {
    const date = term.printedDate ?? (invoiceDate ? addDays(invoiceDate, term.days) : null);
    const key = `${term.percentage}/${term.days}`;
    if (seen.has(key)) return;
    seen.add(key);
    conditions.push(
      foundAt({ date, type: 'payment_condition', percentage: term.percentage, fixed_price: null, number_of_days: term.days }, confidence, [
        term.span,
      ]),
    );
  };
  for (const discount of [...discounts].sort((a, b) => a.days - b.days)) add(discount, 0.85);
  // A due date printed under its label is the net term's date even where counting the term's days gives another
  // ("30 jours fin de mois", or terms printed as a template's boilerplate): the printed date is what the payer reads.
  const dueMatches = due !== null && invoiceDate !== null && daysBetween(invoiceDate, due.date) === net?.days;
  const labelledDue = due?.labelled === true && (invoiceDate === null || daysBetween(invoiceDate, due.date) >= 0);
  if (net)
    add(
      { ...net, printedDate: net.printedDate ?? (dueMatches || labelledDue ? due!.date : null) },
      dueMatches || !labelledDue ? 0.85 : 0.75,
    );
  else if (due) {
    const days = invoiceDate ? daysBetween(invoiceDate, due.date) : null;
    // A date its due-date label names is the due date though it passed before the invoice was written (a premium
    // billed after it fell due: "Fälligkeit 01.12.2025" in a letter of 20 January 2026); a date read without a label
    // is not taken from before the invoice date.
    if (days === null || days >= 0 || due.labelled) {
      conditions.push(
        foundAt({ date: due.date, type: 'payment_condition', percentage: null, fixed_price: null, number_of_days: days }, due.confidence, [
          due.span,
        ]),
      );
    }
  }
  return conditions;
};
