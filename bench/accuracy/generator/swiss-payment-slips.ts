import { BarcodeFormat, EncodeHintType, QRCodeWriter } from '@zxing/library';
import type { DocumentContent, EsrContent, PartyContent, QrBillContent } from './document-content.js';
import { modulo10Recursive } from './identifiers.js';
import { formatCents } from './locale-formats.js';
import { centsToDecimal } from './money.js';
import type { PageWriter } from './page-writer.js';
import { VOCABULARY } from './vocabulary.js';

/** The Swiss Payments Code address fields of a party: structured (S), as the 2.0 standard requires. */
const addressFields = (party: PartyContent | null): string[] =>
  party === null
    ? ['', '', '', '', '', '', '']
    : ['S', party.companyName, party.street, party.houseNumber, party.postalCode, party.city, party.country];

/** The QR code's text (Swiss Payments Code 2.0), lines separated by LF. */
export const swissQrPayload = (bill: QrBillContent, creditor: PartyContent, currency: string): string =>
  [
    'SPC',
    '0200',
    '1',
    bill.account,
    ...addressFields(creditor),
    ...addressFields(null),
    bill.amountCents === null ? '' : centsToDecimal(bill.amountCents),
    currency,
    ...addressFields(bill.debtor),
    bill.referenceType,
    bill.reference ?? '',
    bill.message ?? '',
    'EPD',
  ].join('\n');

const QR_SIDE_MM = 46;
const CROSS_SIDE_MM = 7;

/** The QR code with the Swiss cross over its centre, drawn as filled modules (vector, sharp at any resolution). */
const drawQrCode = (writer: PageWriter, text: string, leftMm: number, topMm: number): void => {
  const hints = new Map<EncodeHintType, unknown>([
    [EncodeHintType.ERROR_CORRECTION, 'M'],
    [EncodeHintType.MARGIN, 0],
  ]);
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, hints);
  const module = QR_SIDE_MM / matrix.getWidth();
  for (let y = 0; y < matrix.getHeight(); y++) {
    let runStart = -1;
    for (let x = 0; x <= matrix.getWidth(); x++) {
      const dark = x < matrix.getWidth() && matrix.get(x, y);
      if (dark && runStart < 0) runStart = x;
      if (!dark && runStart >= 0) {
        // Slightly taller than a module so neighbouring rows leave no hairline gaps when rasterized.
        writer.fill(leftMm + runStart * module, topMm + y * module, (x - runStart) * module, module * 1.02, 0);
        runStart = -1;
      }
    }
  }
  const crossLeft = leftMm + (QR_SIDE_MM - CROSS_SIDE_MM) / 2;
  const crossTop = topMm + (QR_SIDE_MM - CROSS_SIDE_MM) / 2;
  writer.fill(crossLeft - 0.5, crossTop - 0.5, CROSS_SIDE_MM + 1, CROSS_SIDE_MM + 1, 1);
  writer.fill(crossLeft, crossTop, CROSS_SIDE_MM, CROSS_SIDE_MM, 0);
  writer.fill(crossLeft + 1.4, crossTop + 2.9, 4.2, 1.2, 1);
  writer.fill(crossLeft + 2.9, crossTop + 1.4, 1.2, 4.2, 1);
};

/** "CH44 3199 9123 0008 8901 2", "21 00000 00003 13947 14300 09017", "RF18 5390 0754 7034": as the payment part prints them. */
const groupedAccount = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');
const groupedReference = (reference: string) =>
  reference.startsWith('RF')
    ? reference.replace(/(.{4})(?=.)/g, '$1 ')
    : reference.replace(/^(\d{2})(\d{5})(\d{5})(\d{5})(\d{5})(\d{5})$/, '$1 $2 $3 $4 $5 $6');

const partyLines = (party: PartyContent): string[] => [
  party.companyName,
  `${party.street} ${party.houseNumber}`,
  `${party.country === 'CH' ? '' : `${party.country}-`}${party.postalCode} ${party.city}`,
];

/**
 * A QR-bill on a page of its own: receipt (62 mm) and payment part in the bottom 105 mm, as the Swiss
 * implementation guidelines place them, with the scissors line above.
 */
export const drawQrBillPage = (writer: PageWriter, content: DocumentContent, bill: QrBillContent): void => {
  const words = VOCABULARY[content.profile.language].qrBill;
  const top = 192;
  const currency = content.profile.currency;
  const amount = bill.amountCents === null ? '' : formatCents(bill.amountCents, 'space-comma').replace(',', '.');
  writer.rule(0, 210, top, 0.2, 0.3);
  writer.rule(62, 62.01, top, 0.2, 0.3);
  for (let y = top; y < 297; y += 2) writer.rule(62, 62.2, y + 1, 0.2, 0.3);

  // Receipt.
  writer.text(words.receipt, 5, top + 10, { size: 11, bold: true });
  let y = top + 17;
  const block = (x: number, title: string, lines: string[], size: number) => {
    writer.text(title, x, y, { size: size - 2, bold: true });
    y += size * 0.45;
    for (const line of lines) {
      writer.text(line, x, y, { size });
      y += size * 0.4;
    }
    y += size * 0.3;
  };
  block(5, words.account, [groupedAccount(bill.account), ...partyLines(content.sender)], 8);
  if (bill.reference) block(5, words.reference, [groupedReference(bill.reference)], 8);
  if (bill.debtor) block(5, words.payableBy, partyLines(bill.debtor), 8);
  writer.text(words.currency, 5, top + 70, { size: 6, bold: true });
  writer.text(words.amount, 20, top + 70, { size: 6, bold: true });
  writer.text(currency, 5, top + 74, { size: 8 });
  writer.text(amount, 20, top + 74, { size: 8 });
  writer.text(words.acceptance, 57, top + 85, { size: 6, bold: true, align: 'right' });

  // Payment part: title, code, currency and amount on the left; account, reference, message, debtor on the right.
  writer.text(words.paymentPart, 67, top + 10, { size: 11, bold: true });
  drawQrCode(writer, swissQrPayload(bill, content.sender, currency), 67, top + 17);
  writer.text(words.currency, 67, top + 72, { size: 8, bold: true });
  writer.text(words.amount, 85, top + 72, { size: 8, bold: true });
  writer.text(currency, 67, top + 77, { size: 10 });
  writer.text(amount, 85, top + 77, { size: 10 });
  y = top + 10;
  block(118, words.account, [groupedAccount(bill.account), ...partyLines(content.sender)], 10);
  if (bill.reference) block(118, words.reference, [groupedReference(bill.reference)], 10);
  if (bill.message) block(118, words.additional, [bill.message], 10);
  if (bill.debtor) block(118, words.payableBy, partyLines(bill.debtor), 10);
};

const withCheckDigit = (digits: string) => `${digits}${modulo10Recursive(digits)}`;

/** The OCR-B coding line: type 01 with the amount in rappen, reference, participant number. */
export const esrCodingLine = (esr: EsrContent): string => {
  const francs = String(Math.floor(esr.amountCents / 100)).padStart(8, '0');
  const rappen = String(esr.amountCents % 100).padStart(2, '0');
  const [prefix = '', number = ''] = esr.participant.split('-');
  return `${withCheckDigit(`01${francs}${rappen}`)}>${esr.reference}+ ${prefix}${number.padStart(6, '0')}${esr.participant.slice(-1)}>`;
};

/** An orange inpayment slip (ESR) in the bottom 106 mm: account, amount boxes, reference and the coding line. */
export const drawEsrPage = (writer: PageWriter, content: DocumentContent, esr: EsrContent): void => {
  const top = 191;
  const words = VOCABULARY[content.profile.language].qrBill;
  writer.fill(0, top, 210, 106, 0.93);
  writer.rule(0, 210, top, 0.3, 0.5);
  writer.text(words.receipt, 5, top + 6, { size: 8, bold: true });
  writer.text(words.account, 5, top + 12, { size: 6 });
  const lines = partyLines(content.sender);
  lines.forEach((line, index) => {
    writer.text(line, 5, top + 17 + index * 3.6, { size: 8 });
    writer.text(line, 66, top + 17 + index * 3.6, { size: 8 });
  });
  writer.text(esr.participant, 27, top + 45, { size: 9, bold: true });
  writer.text(esr.participant, 88, top + 45, { size: 9, bold: true });
  const [francs, rappen] = [String(Math.floor(esr.amountCents / 100)), String(esr.amountCents % 100).padStart(2, '0')];
  writer.text(`${francs}  ${rappen}`, 50, top + 53, { size: 10, align: 'right' });
  writer.text(`${francs}  ${rappen}`, 111, top + 53, { size: 10, align: 'right' });
  writer.text(esr.reference.replace(/^(\d{2})(\d{5})(\d{5})(\d{5})(\d{5})(\d{5})$/, '$1 $2 $3 $4 $5 $6'), 125, top + 36, { size: 9 });
  if (content.receiver) partyLines(content.receiver).forEach((line, index) => writer.text(line, 125, top + 50 + index * 3.8, { size: 9 }));
  writer.text(esrCodingLine(esr), 205, top + 91, { size: 10.5, align: 'right' });
};
