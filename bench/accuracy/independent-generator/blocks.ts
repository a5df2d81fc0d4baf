import type { Facts, Item, Party } from './facts.js';
import { formatCents, formatDate, formatQuantity, formatRate, type Locale } from './locales.js';
import type { Column, Style } from './style.js';
import { COUNTRIES } from './world.js';

/** Pieces of HTML every family arranges its own way: address blocks, the item table, totals, tax table. */

export const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const date = (iso: string, facts: Facts, style: Style): string => formatDate(iso, facts.locale, style.dateStyle);
export const money = (cents: number, locale: Locale): string => formatCents(cents, locale);

/** Street line, town line (and a GB postcode line, and the country when it is not the document's). */
export const postalLines = (party: Party, documentCountry: Locale['country'], language: Locale['language']): string[] => {
  const place = COUNTRIES[party.country];
  const street = place.numberFirst ? `${party.houseNumber} ${party.street}` : `${party.street} ${party.houseNumber}`;
  const town = place.postcodeAfterCity ? [party.city, party.postalCode] : [`${party.postalCode} ${party.city}`];
  return [street, ...town, ...(party.country === documentCountry ? [] : [place.name[language].toUpperCase()])];
};

/** The receiver's block: company (after a label such as "Spett.le"), the contact with its prefix, postal lines. */
export const receiverLines = (facts: Facts, style: Style): string[] => {
  const receiver = facts.receiver!;
  const company = `${style.nameLabel}${receiver.company}`;
  const contact = receiver.contact ? [`${style.words.attention[0]}${receiver.contact}`] : [];
  const postal = postalLines(receiver, facts.locale.country, facts.locale.language);
  return style.contactFirst ? [...contact, company, ...postal] : [company, ...contact, ...postal];
};

export const lines = (texts: readonly string[], className = ''): string =>
  `<div class="${className}">${texts.map((text) => `<div>${escape(text)}</div>`).join('')}</div>`;

const unitWord = (item: Item, style: Style) => style.words.units[item.unit];

const cell = (column: Column, item: Item, index: number, facts: Facts, style: Style): string => {
  const locale = facts.locale;
  switch (column) {
    case 'position':
      return String(index + 1);
    case 'article':
      return escape(item.articleNumber);
    case 'description':
      return `${escape(item.title)}${item.detail ? `<div class="detail">${escape(item.detail)}</div>` : ''}`;
    case 'quantity':
      return formatQuantity(item.quantity, locale);
    case 'unit':
      return escape(unitWord(item, style));
    case 'unitPrice':
      return money(item.unitPriceCents, locale);
    case 'discount':
      return item.discountPercent > 0 ? `${item.discountPercent}%` : '';
    case 'vat':
      return `${formatRate(item.taxRate, locale)}%`;
    case 'amount':
      return money(item.totalCents, locale);
  }
};

const NUMERIC = new Set<Column>(['quantity', 'unitPrice', 'discount', 'vat', 'amount']);

export const itemTable = (facts: Facts, style: Style, className = 'items'): string => {
  const head = style.columns
    .map((column) => `<th class="${NUMERIC.has(column) ? 'num' : ''} c-${column}">${escape(style.words.columns[column][0]!)}</th>`)
    .join('');
  const rows = facts.items
    .map(
      (item, index) =>
        `<tr>${style.columns.map((column) => `<td class="${NUMERIC.has(column) ? 'num' : ''} c-${column}">${cell(column, item, index, facts, style)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table class="${className}"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
};

/** Net, a VAT line per rate, the total with its currency. */
export const totalsRows = (facts: Facts, style: Style): [string, string][] => {
  const locale = facts.locale;
  return [
    [style.words.subtotal[0]!, money(facts.netCents, locale)],
    ...facts.taxParts.map((part): [string, string] => [
      style.words.vatLine[0]!.replace('{rate}', formatRate(part.rate, locale)),
      money(part.taxCents, locale),
    ]),
    [`${style.words.total[0]!} ${locale.currency}`, money(facts.grossCents, locale)],
  ];
};

export const totalsTable = (facts: Facts, style: Style, className = 'totals'): string =>
  `<table class="${className}">${totalsRows(facts, style)
    .map(
      ([label, value], index, all) =>
        `<tr class="${index === all.length - 1 ? 'grand' : ''}"><td>${escape(label)}</td><td class="num">${value}</td></tr>`,
    )
    .join('')}</table>`;

export const taxTable = (facts: Facts, style: Style): string => {
  if (!style.taxTable) return '';
  const words = style.words.taxBreakdown;
  const locale = facts.locale;
  const rows = facts.taxParts
    .map(
      (part) =>
        `<tr><td>${formatRate(part.rate, locale)}%</td><td class="num">${money(part.netCents, locale)}</td><td class="num">${money(part.taxCents, locale)}</td><td class="num">${money(part.grossCents, locale)}</td></tr>`,
    )
    .join('');
  return `<div class="taxtitle">${escape(words.title[0]!)}</div><table class="taxes"><tr><th>${words.rate}</th><th class="num">${words.net}</th><th class="num">${words.tax}</th><th class="num">${words.gross}</th></tr>${rows}</table>`;
};

const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

export const bankLines = (facts: Facts, style: Style): string[] =>
  facts.bank ? [`${style.words.bank[0]}:`, `IBAN ${grouped(facts.bank.iban)}`, `BIC ${facts.bank.bic}`] : [];

export const senderIdLines = (facts: Facts, style: Style): string[] => [
  ...(facts.sender.vatId ? [`${style.words.vatId[0]} ${facts.sender.vatId}`] : []),
  `${style.words.phone} ${facts.sender.phone}`,
  facts.sender.email,
];

/** Number, dates, customer number as label/value pairs, in the order invoices usually give them. */
export const metaPairs = (facts: Facts, style: Style): [string, string][] => [
  [style.words.number[0]!, facts.number],
  [style.words.date[0]!, date(facts.invoiceDate, facts, style)],
  ...(facts.deliveryDate ? [[style.words.deliveryDate[0]!, date(facts.deliveryDate, facts, style)] as [string, string]] : []),
  ...(facts.customerNumber ? [[style.words.customerNumber[0]!, facts.customerNumber] as [string, string]] : []),
  ...(facts.dueDate ? [[style.words.dueDate[0]!, date(facts.dueDate, facts, style)] as [string, string]] : []),
];

export const baseCss = (style: Style, pageWidth = '210mm'): string => `
  @page { size: ${pageWidth === '210mm' ? 'A4' : `${pageWidth} auto`}; margin: 0; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: ${style.font}; font-size: ${style.fontSizePt}pt; color: #111; }
  .page { width: ${pageWidth}; min-height: ${pageWidth === '210mm' ? '297mm' : 'auto'}; position: relative; }
  table { border-collapse: collapse; }
  .num { text-align: right; white-space: nowrap; }
  .items { width: 100%; margin-top: 6mm; }
  .items th { text-align: left; border-bottom: 1.2px solid ${style.accent}; padding: 1.5mm 1.5mm; font-weight: bold; }
  .items th.num { text-align: right; }
  .items td { padding: 1.5mm 1.5mm; vertical-align: top; border-bottom: 0.5px solid #ccc; }
  .detail { font-size: 0.8em; color: #555; }
  .totals td { padding: 0.8mm 1.5mm; }
  .totals tr.grand td { font-weight: bold; border-top: 1.2px solid #111; }
  .taxtitle { margin-top: 4mm; font-weight: bold; }
  .taxes th, .taxes td { padding: 0.6mm 3mm 0.6mm 0; text-align: left; }
  .taxes th.num, .taxes td.num { text-align: right; }
  .small { font-size: 0.8em; }
  .muted { color: #555; }
`;
