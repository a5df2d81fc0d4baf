import { PAGE, pointsToMm, type InvoiceCanvas } from './invoice-canvas.js';
import type { Language } from './locale-formats.js';
import { addressLines, oneLineAddress } from './printed-values.js';

const NUMBER_SIGN: Record<Language, string> = { en: 'No.', de: 'Nr.', fr: 'n°', it: 'n.' };

/** The sender's name, and its address and contacts unless the footer carries them; where the heading ends. */
const drawLetterhead = ({
  content: { sender, profile },
  layout,
  random,
  writer,
  words,
  addressStyle,
  size,
  small,
}: InvoiceCanvas): number => {
  const align = layout.letterhead;
  const x = align === 'left' ? PAGE.left : align === 'right' ? PAGE.right : PAGE.width / 2;
  writer.text(sender.companyName, x, 20, { size: size + random.pick([5, 7, 9]), bold: true, align });
  let y = 26;
  if (layout.senderAddressIn === 'header') {
    const lines = random.chance(0.5)
      ? addressLines(sender, profile, addressStyle, false).slice(1)
      : [oneLineAddress(sender, profile, addressStyle, ' · ').split(' · ').slice(1).join(' · ')];
    for (const line of [...lines, `${random.pick(words.phone)} ${sender.phone} · ${sender.email}`]) {
      writer.text(line, x, y, { size: small, align });
      y += pointsToMm(small) * 1.4;
    }
  }
  return y;
};

/** The receiver in the DIN 5008 window (left), the SN 010130 window (right) or a labelled block; where it ends. */
const drawReceiver = (
  { content: { sender, receiver, profile }, layout, random, writer, words, addressStyle, size, lineHeight, colon }: InvoiceCanvas,
  headingEnd: number,
): number => {
  const x = layout.receiverAt === 'window-right' ? 118 : layout.receiverAt === 'window-left' ? 25 : PAGE.left;
  let y = layout.receiverAt === 'labelled' ? Math.max(headingEnd + 10, 52) : layout.receiverAt === 'window-right' ? 60 : 55;
  if (layout.returnLine) {
    writer.text(oneLineAddress(sender, profile, addressStyle, ', '), x, y - 6, { size: 6.5 });
    writer.rule(x, x + 80, y - 5, 0.1);
  }
  if (layout.receiverAt === 'labelled') {
    writer.text(`${random.pick(words.billTo)}${colon}`, x, y, { size, bold: true });
    y += lineHeight;
  }
  for (const line of addressLines(receiver!, profile, addressStyle, true)) {
    writer.text(line, x, y, { size: size + 0.5 });
    y += lineHeight * 1.05;
  }
  return y;
};

type Entry = [label: string, value: string];

/** Number, dates, order, customer, contact and the receiver's VAT id as label and value, in the layout's arrangement. */
const drawMeta = (canvas: InvoiceCanvas, headingEnd: number, receiverEnd: number, withDate: boolean): number => {
  const { content, layout, random, writer, words, print, size, small, lineHeight, colon } = canvas;
  const entry = (labels: string[], value: string | null | undefined): Entry[] => (value ? [[random.pick(labels), value]] : []);
  const meta: Entry[] = [
    ...entry(words.invoiceNumber, layout.titleWithNumber ? null : content.number),
    ...entry(words.invoiceDate, withDate ? print.date(content.invoiceDate) : null),
    ...entry(words.deliveryDate, content.deliveryDate && print.date(content.deliveryDate)),
    ...entry(words.orderNumber, content.orderNumber),
    ...entry(words.customerNumber, content.customerNumber),
    ...entry(words.contact, content.sender.contactPerson),
    ...entry(words.customerVatId, content.receiver!.vatId),
  ];
  const ordered = random.chance(0.3) ? random.shuffled(meta) : meta;
  if (layout.meta === 'beside') {
    const x = layout.receiverAt === 'window-right' ? PAGE.left : 118;
    const valueX = x + Math.max(...ordered.map(([label]) => writer.widthOf(`${label}${colon}`, size))) + 4;
    let y = layout.receiverAt === 'labelled' ? Math.max(headingEnd + 10, 52) : 57;
    for (const [label, value] of ordered) {
      writer.text(`${label}${colon}`, x, y, { size });
      writer.text(value, valueX, y, { size });
      y += lineHeight;
    }
    return Math.max(receiverEnd, y) + 10;
  }
  // Labels over values, each column as wide as its longer text, rows wrapping at the right margin.
  let y = receiverEnd + 8;
  let x = PAGE.left;
  for (const [label, value] of ordered) {
    const width = Math.max(writer.widthOf(label, small), writer.widthOf(value, size)) + 8;
    if (x > PAGE.left && x + width > PAGE.right) {
      x = PAGE.left;
      y += lineHeight * 2 + 3;
    }
    writer.text(label, x, y, { size: small, gray: 0.35 });
    writer.text(value, x, y + lineHeight, { size });
    x += width;
  }
  y += lineHeight * 2 + 8;
  return y;
};

/**
 * Letterhead, receiver, meta data and title; where the body starts. Swiss, German and Austrian letters
 * may date themselves "Zürich, 12. März 2026" above the title instead of under a date label.
 */
export const drawInvoiceHeading = (canvas: InvoiceCanvas): number => {
  const { content, layout, random, writer, words, size, lineHeight } = canvas;
  const headingEnd = drawLetterhead(canvas);
  const receiverEnd = drawReceiver(canvas, headingEnd);
  const placeAndDate = ['CH', 'DE', 'AT'].includes(content.sender.country) && content.profile.language !== 'en' && random.chance(0.25);
  let y = drawMeta(canvas, headingEnd, receiverEnd, !placeAndDate);
  if (placeAndDate) {
    writer.text(`${content.sender.city}, ${canvas.print.date(content.invoiceDate)}`, PAGE.right, y - 4, { size, align: 'right' });
    y += lineHeight;
  }
  const title = random.pick(words.invoiceTitle);
  writer.text(layout.titleWithNumber ? `${title} ${NUMBER_SIGN[content.profile.language]} ${content.number}` : title, PAGE.left, y, {
    size: size + 6,
    bold: true,
  });
  return y + lineHeight * 2;
};
