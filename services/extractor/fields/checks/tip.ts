import type { DocumentText, TextLine } from '../layout/document-text.js';
import { labelPattern } from '../layout/labels.js';
import { centsToDecimal, toCents } from '../values/cents.js';
import { foundAt, spanOf } from '../values/finding.js';
import { findNumbers } from '../values/parse-number.js';
import type { TotalFinding } from '../readers/amounts.js';
import { termsFor } from '../vocabulary/terms.js';

const TIP_LABEL = labelPattern(...termsFor('tipLabel'));

// How far under the bill's total a guest writes the tip, and under the tip what was paid.
const LINES_TO_TIP = 3;
const LINES_TO_PAID = 3;

/** The amount a line ends with, in cents, and where it is printed. */
const amountAtEnd = (line: TextLine, document: DocumentText): { cents: number; start: number; end: number } | null => {
  const last = findNumbers(line.text, document.decimalMark).at(-1);
  return last?.hasDecimals && !last.isPercentage && line.text.slice(last.end).trim().length <= 3
    ? { cents: toCents(last.value), start: last.start, end: last.end }
    : null;
};

/**
 * What a guest paid on a restaurant's bill: the bill's total, then a tip opening one of the next lines ("Tip  14.00",
 * "Trinkgeld", "Pourboire", "Mancia", "Propina"), then a line whose amount is both ("Grand Total  91.76"). The tip is
 * no part of the bill's gross or its tax; the amount paid is the total. Null where no line adds them up.
 */
export const totalWithTip = (document: DocumentText, total: TotalFinding): TotalFinding | null => {
  const totalCents = toCents(total.value);
  const below = (line: TextLine, count: number) =>
    document.lines.slice(line.index + 1, line.index + 1 + count).filter((other) => other.page === line.page);
  for (const tipLine of below(total.line, LINES_TO_TIP)) {
    // A tip at a percentage is a till's suggestion ("Tip 18%  14.00" under "Suggested gratuity"), not one given.
    const given = TIP_LABEL.exec(tipLine.text)?.index === tipLine.text.search(/\S/) && !tipLine.text.includes('%');
    const tip = given ? amountAtEnd(tipLine, document) : null;
    if (!tip || tip.cents <= 0) continue;
    for (const line of below(tipLine, LINES_TO_PAID)) {
      const paid = amountAtEnd(line, document);
      if (paid?.cents === totalCents + tip.cents)
        return { ...foundAt(centsToDecimal(paid.cents), total.confidence, [spanOf(line, paid.start, paid.end)]), line };
    }
  }
  return null;
};
