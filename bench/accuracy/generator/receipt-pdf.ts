import type { DocumentContent } from './document-content.js';
import type { ReceiptLayout } from './layout.js';
import { PageWriter } from './page-writer.js';
import { addressLines, generateAddressStyle, printedValues } from './printed-values.js';
import type { SeededRandom } from './seeded-random.js';
import { VOCABULARY } from './vocabulary.js';

const MM_PER_POINT = 25.4 / 72;
const MARGIN = 3;

/** A till receipt on a narrow roll (58 or 80 mm), as long as its content. */
export const renderReceiptPdf = async (content: DocumentContent, layout: ReceiptLayout, random: SeededRandom): Promise<Buffer> => {
  const { profile, sender } = content;
  const words = VOCABULARY[profile.language];
  const print = printedValues(profile);
  const writer = await PageWriter.create(layout.font, layout.widthMm, 1000);
  const size = layout.bodySize;
  const lineHeight = size * MM_PER_POINT * 1.4;
  const left = MARGIN;
  const right = layout.widthMm - MARGIN;
  const headX = layout.headerAlign === 'center' ? layout.widthMm / 2 : left;
  let y = 8;
  const line = (text: string, options: { bold?: boolean; align?: 'left' | 'center'; bigger?: number } = {}) => {
    const align = options.align ?? layout.headerAlign;
    writer.text(text, align === 'center' ? layout.widthMm / 2 : left, y, { size: size + (options.bigger ?? 0), bold: options.bold, align });
    y += lineHeight * (1 + (options.bigger ?? 0) / size);
  };
  const pair = (name: string, value: string, bold = false, bigger = 0) => {
    writer.text(name, left, y, { size: size + bigger, bold });
    writer.text(value, right, y, { size: size + bigger, bold, align: 'right' });
    y += lineHeight * (1 + bigger / size);
  };
  const separator = () => {
    if (layout.font === 'Courier') line('-'.repeat(Math.floor((right - left) / (size * 0.6 * MM_PER_POINT))), { align: 'left' });
    else {
      writer.rule(left, right, y - lineHeight * 0.4, 0.15);
      y += lineHeight * 0.5;
    }
  };

  line(sender.companyName, { bold: true, bigger: 2 });
  for (const text of addressLines(sender, profile, generateAddressStyle(random), false).slice(1)) line(text);
  line(`${random.pick(words.phone)} ${sender.phone}`);
  if (sender.vatId) line(`${random.pick(words.vatIdLabel)} ${sender.vatId}`);
  y += lineHeight * 0.5;
  line(random.pick(words.receiptTitle), { bold: true, align: headX === left ? 'left' : 'center' });
  const numberLine = `${random.pick(words.receiptNumber)} ${content.number}`;
  const dateLine = `${print.date(content.invoiceDate)} ${content.time}`;
  for (const text of layout.numberBeforeDate ? [numberLine, dateLine] : [dateLine, numberLine]) line(text, { align: 'left' });
  separator();

  const codes = new Map(content.taxParts.map((part, index) => [part.rate, String.fromCharCode(65 + index)]));
  const code = (rate: string) => (layout.taxCodes && content.pricesIncludeTax ? ` ${codes.get(rate)}` : '');
  for (const item of content.items) {
    const counted = item.quantity !== 100;
    const quantity = `${print.quantity(item.quantity)}${item.unit ? ` ${item.unit}` : ''} x ${print.amount(item.unitPriceCents)}`;
    if (counted && layout.quantityLine === 'before')
      pair(`${quantity} ${item.title}`.slice(0, 60), `${print.amount(item.totalCents)}${code(item.taxRate)}`);
    else {
      pair(item.title, `${print.amount(item.totalCents)}${code(item.taxRate)}`);
      if (counted) line(`  ${quantity}`, { align: 'left' });
    }
  }
  separator();
  const totalLabel = random.pick(words.receiptTotal);
  const totalWithMark =
    profile.currencyStyle === 'header-only' || profile.currencyStyle.startsWith('code') ? `${totalLabel} ${profile.currency}` : totalLabel;
  if (!content.pricesIncludeTax) {
    pair(random.pick(words.subtotal), print.amount(content.netCents));
    for (const part of content.taxParts) pair(`Sales tax ${print.percent(part.rate)}`, print.amount(part.taxCents));
  }
  pair(
    totalWithMark,
    profile.currencyStyle === 'header-only' || profile.currencyStyle.startsWith('code')
      ? print.amount(content.grossCents)
      : print.money(content.grossCents),
    true,
    2,
  );
  y += lineHeight * 0.3;

  if (content.card) {
    pair(`${random.pick(words.paidWith)} ${content.card.name}`, print.amount(content.grossCents));
    if (content.card.name !== 'TWINT') line(`${words.card} **** **** **** ${content.card.lastDigits}`, { align: 'left' });
  } else {
    pair(words.cashGiven, print.amount(content.cashGivenCents!));
    pair(words.change, print.amount(content.cashGivenCents! - content.grossCents));
  }
  if (content.pricesIncludeTax) {
    y += lineHeight * 0.3;
    if (layout.vat === 'table') {
      const [rateHeader, netHeader, taxHeader, grossHeader] = words.taxSummaryHeader;
      const columns = [left, left + (right - left) * 0.45, left + (right - left) * 0.7, right];
      [rateHeader, netHeader, taxHeader, grossHeader].forEach((header, index) =>
        writer.text(header, columns[index]!, y, { size: size - 0.5, align: index === 0 ? 'left' : 'right' }),
      );
      y += lineHeight;
      for (const part of content.taxParts) {
        const rate = `${layout.taxCodes ? `${codes.get(part.rate)} ` : ''}${print.percent(part.rate)}`;
        [rate, print.amount(part.netCents), print.amount(part.taxCents), print.amount(part.grossCents)].forEach((cell, index) =>
          writer.text(cell, columns[index]!, y, { size: size - 0.5, align: index === 0 ? 'left' : 'right' }),
        );
        y += lineHeight;
      }
    } else {
      for (const part of content.taxParts)
        pair(
          `${layout.taxCodes ? `${codes.get(part.rate)} ` : ''}${words.includedTax} ${print.percent(part.rate)}`,
          print.amount(part.taxCents),
        );
    }
  }
  y += lineHeight * 0.5;
  line(`${words.cashier} ${random.int(1, 6)}`, { align: 'left' });
  line(random.pick(words.thanks), { align: layout.headerAlign === 'center' ? 'center' : 'left' });
  return writer.finish(y + 8);
};
