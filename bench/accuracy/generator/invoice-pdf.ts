import type { DocumentContent } from './document-content.js';
import { groupedIban } from './identifiers.js';
import { createInvoiceCanvas, PAGE, type InvoiceCanvas } from './invoice-canvas.js';
import { drawInvoiceHeading } from './invoice-heading.js';
import { drawItemTable } from './invoice-items.js';
import { drawTotals } from './invoice-totals.js';
import type { InvoiceLayout } from './layout.js';
import { addressLines } from './printed-values.js';
import type { SeededRandom } from './seeded-random.js';
import { drawEsrPage, drawQrBillPage } from './swiss-payment-slips.js';

/** The terms as sentences: net days (or a due date), a cash discount, how to pay. */
const paymentTermsLines = ({ content, random, words, print }: InvoiceCanvas): string[] => {
  const lines: string[] = [];
  const { terms } = content;
  if (terms) {
    if (terms.netDays !== null) {
      const net = random.pick(words.netTerms)(terms.netDays);
      const percent = terms.discount?.percent.replace('.', content.profile.numbers.endsWith('comma') ? ',' : '.');
      const discount = terms.discount ? random.pick(words.discountTerms)(percent!, terms.discount.days) : null;
      lines.push(discount ? `${net}, ${discount}.` : `${net}.`);
    } else lines.push(random.pick(words.payBy)(print.date(terms.dueDate!)));
  }
  if (content.paymentMethod === 'direct_debit') lines.push(random.pick(words.directDebit));
  else if (content.paymentMethod === 'bank_transfer') {
    lines.push(random.chance(0.5) ? random.pick(words.transferRequest) : `${words.paymentMethodLabel}: ${words.bankTransfer}`);
  }
  return lines;
};

/** Lines of text from `y` on, wrapped between the margins; where they end. */
const drawParagraphs = ({ writer, size, lineHeight }: InvoiceCanvas, lines: string[], y: number): number => {
  for (const line of lines) {
    for (const wrapped of writer.wrap(line, PAGE.right - PAGE.left, size)) {
      writer.text(wrapped, PAGE.left, y, { size });
      y += lineHeight;
    }
  }
  return y;
};

/** Sender, contacts, VAT and register ids (and the bank, in some layouts) at the foot of every page, with page numbers. */
const drawFooters = (
  { content: { sender, profile }, layout, random, writer, words, addressStyle }: InvoiceCanvas,
  bankLines: string[],
  slipPages: number,
): void => {
  const columns = [
    [sender.companyName, ...addressLines(sender, profile, addressStyle, false).slice(1)],
    [`${random.pick(words.phone)} ${sender.phone}`, sender.email, sender.website],
    [
      ...(sender.vatId ? [`${random.pick(words.vatIdLabel)} ${sender.vatId}`] : []),
      // A Swiss UID is printed as the VAT id already.
      ...(sender.companyId && !sender.companyId.startsWith('CHE') ? [sender.companyId] : []),
      ...(layout.bankIn === 'footer' ? bankLines.flatMap((line) => line.split(' · ')) : []),
    ],
  ];
  const pages = writer.pageCount;
  for (let index = 0; index < pages; index++) {
    writer.onPage(index);
    writer.rule(PAGE.left, PAGE.right, PAGE.footerTop - 3, 0.1, 0.5);
    columns.forEach((lines, column) =>
      lines.forEach((line, row) => writer.text(line, PAGE.left + column * 58, PAGE.footerTop + row * 3, { size: 6.5, gray: 0.25 })),
    );
    if (layout.pageNumbers) writer.text(words.page(index + 1, pages + slipPages), PAGE.right, 290, { size: 6.5, align: 'right' });
  }
};

/**
 * An invoice on A4: letterhead, addresses, meta data, item table, totals, terms, bank, footer, and a
 * Swiss payment slip (QR-bill or ESR) on a page of its own.
 */
export const renderInvoicePdf = async (content: DocumentContent, layout: InvoiceLayout, random: SeededRandom): Promise<Buffer> => {
  const canvas = await createInvoiceCanvas(content, layout, random);
  const { writer, words, size, lineHeight, colon } = canvas;
  let y = drawInvoiceHeading(canvas);
  const termsLines = paymentTermsLines(canvas);
  if (layout.termsOnTop) y = drawParagraphs(canvas, termsLines, y) + 4;
  const totalsEnd = drawTotals(canvas, drawItemTable(canvas, y));
  y = totalsEnd.y;

  if (!layout.termsOnTop) y = drawParagraphs(canvas, termsLines, y) + 2;
  const bankLines = content.bankAccounts
    .filter((account) => account.bankName !== '')
    .map((account) =>
      [
        account.bankName,
        `IBAN ${random.chance(0.8) ? groupedIban(account.iban) : account.iban}`,
        ...(account.bic ? [`BIC ${account.bic}`] : []),
      ].join(' · '),
    );
  if (layout.bankIn === 'after-totals' && bankLines.length > 0) {
    writer.text(`${random.pick(words.bankDetails)}${colon}`, PAGE.left, y + 2, { size, bold: true });
    y = drawParagraphs(canvas, bankLines, y + 2 + lineHeight);
  }
  if (content.paymentReference && !content.qrBill && !content.esr) {
    const label = random.pick(words.paymentReference);
    const reference = content.paymentReference.replace(/(.{4})(?=.)/g, random.chance(0.5) ? '$1 ' : '$1');
    writer.text(`${label}${colon} ${reference}`, PAGE.left, y + 2, { size });
    y += lineHeight + 2;
  }
  writer.text(random.pick(words.thanks), PAGE.left, y + 4, { size });

  const slip = content.qrBill || content.esr ? writer.pageCount : null;
  drawFooters(canvas, bankLines, slip === null ? 0 : 1);
  if (slip !== null) {
    writer.onPage(slip);
    if (content.qrBill) drawQrBillPage(writer, content, content.qrBill);
    else drawEsrPage(writer, content, content.esr!);
  }
  return writer.finish();
};
