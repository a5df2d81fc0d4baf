import { BarcodeFormat, EncodeHintType, QRCodeWriter } from '@zxing/library';
import { escape, money } from './blocks.js';
import type { Facts, Party } from './facts.js';

/**
 * The payment part of a Swiss QR-bill (Swiss Payments Code 2.0, structured addresses, QR reference)
 * as HTML at the foot of the page: receipt 62 mm, payment part with the QR code drawn as SVG modules.
 */

const address = (party: Party | null): string[] =>
  party === null
    ? ['', '', '', '', '', '', '']
    : ['S', party.company, party.street, party.houseNumber, party.postalCode, party.city, party.country];

export const purposeOf = (facts: Facts): string =>
  `${facts.locale.language === 'fr' ? 'Facture' : facts.locale.language === 'it' ? 'Fattura' : 'Rechnung'} ${facts.number}`;

export const qrPayload = (facts: Facts): string =>
  [
    'SPC',
    '0200',
    '1',
    facts.qrBill!.iban,
    ...address(facts.sender),
    ...address(null),
    (facts.grossCents / 100).toFixed(2),
    facts.locale.currency,
    ...address(facts.receiver),
    'QRR',
    facts.qrBill!.reference,
    purposeOf(facts),
    'EPD',
  ].join('\n');

const qrSvg = (text: string, sideMm: number): string => {
  const hints = new Map<EncodeHintType, unknown>([
    [EncodeHintType.ERROR_CORRECTION, 'M'],
    [EncodeHintType.MARGIN, 0],
  ]);
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, hints);
  const size = matrix.getWidth();
  const rects: string[] = [];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) if (matrix.get(x, y)) rects.push(`<rect x="${x}" y="${y}" width="1.02" height="1.02"/>`);
  const cross = size * (7 / 46);
  const at = (size - cross) / 2;
  return `<svg width="${sideMm}mm" height="${sideMm}mm" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">${rects.join('')}
    <rect x="${at - 0.4}" y="${at - 0.4}" width="${cross + 0.8}" height="${cross + 0.8}" fill="#fff"/><rect x="${at}" y="${at}" width="${cross}" height="${cross}" fill="#000"/>
    <rect x="${at + cross * 0.2}" y="${at + cross * 0.41}" width="${cross * 0.6}" height="${cross * 0.18}" fill="#fff"/><rect x="${at + cross * 0.41}" y="${at + cross * 0.2}" width="${cross * 0.18}" height="${cross * 0.6}" fill="#fff"/></svg>`;
};

const HEADINGS = {
  de: {
    receipt: 'Empfangsschein',
    payment: 'Zahlteil',
    account: 'Konto / Zahlbar an',
    reference: 'Referenz',
    payer: 'Zahlbar durch',
    amount: 'Betrag',
    currency: 'Währung',
    info: 'Zusätzliche Informationen',
  },
  fr: {
    receipt: 'Récépissé',
    payment: 'Section paiement',
    account: 'Compte / Payable à',
    reference: 'Référence',
    payer: 'Payable par',
    amount: 'Montant',
    currency: 'Monnaie',
    info: 'Informations supplémentaires',
  },
  it: {
    receipt: 'Ricevuta',
    payment: 'Sezione pagamento',
    account: 'Conto / Pagabile a',
    reference: 'Riferimento',
    payer: 'Pagabile da',
    amount: 'Importo',
    currency: 'Valuta',
    info: 'Informazioni supplementari',
  },
} as const;

const partyLines = (party: Party) => [
  party.company,
  `${party.street} ${party.houseNumber}`,
  `${party.country === 'CH' ? '' : `${party.country}-`}${party.postalCode} ${party.city}`,
];
const groupedReference = (reference: string) => reference.replace(/^(\d{2})(\d{5})(\d{5})(\d{5})(\d{5})(\d{5})$/, '$1 $2 $3 $4 $5 $6');
const block = (heading: string, texts: string[]) =>
  `<div class="qh">${escape(heading)}</div>${texts.map((text) => `<div>${escape(text)}</div>`).join('')}`;

export const qrBillPart = (facts: Facts): string => {
  const words = HEADINGS[facts.locale.language as keyof typeof HEADINGS] ?? HEADINGS.de;
  const bill = facts.qrBill!;
  const creditor = [bill.iban.replace(/(.{4})(?=.)/g, '$1 '), ...partyLines(facts.sender)];
  const amount = money(facts.grossCents, { ...facts.locale, thousands: ' ', decimal: '.' });
  return `<style>
    .qr { position: absolute; left: 0; right: 0; bottom: 0; height: 105mm; border-top: 0.6px dashed #000; display: flex; font-family: 'Nimbus Sans', sans-serif; font-size: 8pt; }
    .qr .receipt { width: 62mm; padding: 5mm; border-right: 0.6px dashed #000; } .qr .pay { padding: 5mm; display: flex; gap: 5mm; }
    .qr .title { font-weight: bold; font-size: 11pt; margin-bottom: 3mm; } .qr .qh { font-weight: bold; font-size: 6pt; margin-top: 2mm; }
  </style>
  <div class="qr"><div class="receipt"><div class="title">${words.receipt}</div>${block(words.account, creditor)}${block(words.reference, [groupedReference(bill.reference)])}${facts.receiver ? block(words.payer, partyLines(facts.receiver)) : ''}
    ${block(`${words.currency}  ${words.amount}`, [`${facts.locale.currency}  ${amount}`])}</div>
    <div class="pay"><div><div class="title">${words.payment}</div>${qrSvg(qrPayload(facts), 46)}${block(`${words.currency}  ${words.amount}`, [`${facts.locale.currency}  ${amount}`])}</div>
    <div>${block(words.account, creditor)}${block(words.reference, [groupedReference(bill.reference)])}${block(words.info, [purposeOf(facts)])}${facts.receiver ? block(words.payer, partyLines(facts.receiver)) : ''}</div></div></div>`;
};
