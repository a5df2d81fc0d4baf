import { PAGE, type InvoiceCanvas } from './invoice-canvas.js';
import type { Position } from './invoice-items.js';

const LABEL_X = 118;

/**
 * Subtotal, VAT per rate (as lines, "VAT 8.1% on 1'000.00", or as a summary table per rate) and the
 * total, on the next page when they would not fit under the table; where they end.
 */
export const drawTotals = (
  { content, layout, random, writer, words, print, size, small, lineHeight }: InvoiceCanvas,
  { page, y }: Position,
): Position => {
  if (y + lineHeight * (content.taxParts.length * 1.3 + 5) > PAGE.bodyBottom) {
    writer.onPage(++page);
    y = 30;
  }
  y += 3;
  const line = (label: string, value: string, bold = false) => {
    writer.text(label, LABEL_X, y, { size, bold });
    writer.text(value, PAGE.right - 2, y, { size, bold, align: 'right' });
    y += lineHeight * 1.2;
  };
  const subtotalLabel = random.pick(words.subtotal);
  const taxLabel = random.pick(words.tax);
  if (layout.totals === 'lines') {
    line(subtotalLabel, print.money(content.netCents));
    for (const part of content.taxParts) {
      const base = layout.taxLineShowsBase ? ` ${words.taxBase} ${print.amount(part.netCents)}` : '';
      line(`${taxLabel} ${print.percent(part.rate)}${base}`, print.money(part.taxCents));
    }
  } else {
    const columns = [PAGE.left + 60, PAGE.left + 95, PAGE.left + 130, PAGE.right - 2];
    const cells = (texts: string[], bold: boolean) =>
      texts.forEach((text, index) => writer.text(text, columns[index]!, y, { size: small, bold, align: index === 0 ? 'left' : 'right' }));
    cells(words.taxSummaryHeader, true);
    y += lineHeight;
    for (const part of content.taxParts) {
      cells([print.percent(part.rate), print.amount(part.netCents), print.amount(part.taxCents), print.amount(part.grossCents)], false);
      y += lineHeight;
    }
    y += 2;
    if (random.chance(0.5)) line(subtotalLabel, print.money(content.netCents));
    if (random.chance(0.5)) line(taxLabel, print.money(content.taxCents));
  }
  if (layout.tableRules) writer.rule(LABEL_X, PAGE.right, y - lineHeight * 0.7, 0.3);
  const totalLabel = random.pick(words.total);
  line(
    content.profile.currencyStyle === 'header-only' ? `${totalLabel} ${print.currencyMark}` : totalLabel,
    print.money(content.grossCents),
    true,
  );
  return { page, y: y + 4 };
};
