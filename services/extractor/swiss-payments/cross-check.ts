import { electronicFormatIBAN } from 'ibantools';
import type { SwissQrBill } from './swiss-qr-bill.js';

/** What the document prints elsewhere, as the extractor read it. */
export interface PrintedPaymentData {
  /** Every IBAN printed on the document, the payment part's own included. */
  ibans: string[];
  amountTotal: string | null;
  currency: string | null;
}

export type QrCrossCheckCode = 'qr_iban_differs' | 'qr_amount_differs' | 'qr_currency_differs';

/** The QR code and the print disagree: which one is right is for a person to decide. */
export interface QrCrossCheckProblem {
  code: QrCrossCheckCode;
  qr: string;
  printed: string;
}

const DECIMAL = /^(?<sign>-?)0*(?<whole>\d*?)(?:\.(?<fraction>\d*?)0*)?$/;

/** "1949.75", "1949.750" and "01949.75" are one amount. */
const sameAmount = (first: string, second: string): boolean => {
  const [a, b] = [DECIMAL.exec(first)?.groups, DECIMAL.exec(second)?.groups];
  if (!a || !b) return first === second;
  return a.sign === b.sign && a.whole === b.whole && (a.fraction ?? '') === (b.fraction ?? '');
};

/**
 * Where the QR code contradicts what is printed: an account printed nowhere on the document, another
 * total, another currency. What either side leaves open is no contradiction.
 */
export const crossCheck = (
  bill: Pick<SwissQrBill, 'account' | 'amount' | 'currency'>,
  printed: PrintedPaymentData,
): QrCrossCheckProblem[] => {
  const problems: QrCrossCheckProblem[] = [];
  const printedIbans = printed.ibans.map((iban) => electronicFormatIBAN(iban) ?? iban);
  if (printedIbans.length > 0 && !printedIbans.includes(bill.account)) {
    problems.push({ code: 'qr_iban_differs', qr: bill.account, printed: printedIbans.join(', ') });
  }
  if (bill.amount !== null && printed.amountTotal !== null && !sameAmount(bill.amount, printed.amountTotal)) {
    problems.push({ code: 'qr_amount_differs', qr: bill.amount, printed: printed.amountTotal });
  }
  if (printed.currency !== null && printed.currency !== bill.currency) {
    problems.push({ code: 'qr_currency_differs', qr: bill.currency, printed: printed.currency });
  }
  return problems;
};
