import type { DocumentContent } from './document-content.js';
import type { SeededRandom } from './seeded-random.js';

/** Where things go on the page, chosen per document so no two layouts teach the same positions. */

export type FontFamily = 'Helvetica' | 'Times' | 'Courier';

export type ItemColumn = 'position' | 'article' | 'description' | 'quantity' | 'unit' | 'unitPrice' | 'taxRate' | 'total';

export interface InvoiceLayout {
  kind: 'invoice';
  font: FontFamily;
  bodySize: number;
  letterhead: 'left' | 'right' | 'center';
  /** The sender's full address under its name at the top, or only in the footer. */
  senderAddressIn: 'header' | 'footer';
  /** A small sender line above the receiver's address (DIN 5008 return address). */
  returnLine: boolean;
  /** DIN 5008 window on the left, SN 010130 window on the right, or a labelled block ("Bill to"). */
  receiverAt: 'window-left' | 'window-right' | 'labelled';
  /** Label and value side by side in a column, or labels over values in a row. */
  meta: 'beside' | 'below';
  titleWithNumber: boolean;
  columns: ItemColumn[];
  tableRules: boolean;
  /** VAT as lines under the subtotal, or a summary table per rate. */
  totals: 'lines' | 'summary-table';
  /** "VAT 8.1% on 1'000.00" rather than "VAT 8.1%". */
  taxLineShowsBase: boolean;
  bankIn: 'footer' | 'after-totals';
  /** The payment terms above the table rather than under the totals. */
  termsOnTop: boolean;
  pageNumbers: boolean;
  /** Items on the first page before the table continues on the next. */
  firstPageItems: number;
}

export interface ReceiptLayout {
  kind: 'receipt';
  font: FontFamily;
  bodySize: number;
  widthMm: 58 | 80;
  headerAlign: 'left' | 'center';
  /** Quantity and unit price on a line of their own under the item, or before its name. */
  quantityLine: 'below' | 'before';
  /** A VAT table per rate, or one "incl. VAT" line per rate. */
  vat: 'table' | 'included';
  /** Tax code letters after each amount, explained in the VAT lines. */
  taxCodes: boolean;
  numberBeforeDate: boolean;
}

export type DocumentLayout = InvoiceLayout | ReceiptLayout;

const COLUMN_SETS: ItemColumn[][] = [
  ['position', 'article', 'description', 'quantity', 'unit', 'unitPrice', 'taxRate', 'total'],
  ['description', 'quantity', 'unitPrice', 'total'],
  ['quantity', 'description', 'unitPrice', 'total'],
  ['article', 'description', 'quantity', 'unit', 'unitPrice', 'total'],
  ['position', 'description', 'quantity', 'unitPrice', 'taxRate', 'total'],
  ['description', 'taxRate', 'quantity', 'unitPrice', 'total'],
  ['position', 'description', 'quantity', 'unit', 'unitPrice', 'total'],
];

/** Columns for the content: an article column only with article numbers, a VAT column whenever rates differ. */
const columnsFor = (random: SeededRandom, content: DocumentContent): ItemColumn[] => {
  const hasArticles = content.items.some((item) => item.articleNumber !== null);
  const candidates = COLUMN_SETS.filter((set) => set.includes('article') === hasArticles);
  const columns = [...random.pick(candidates)];
  if (content.taxParts.length > 1 && !columns.includes('taxRate')) columns.splice(columns.indexOf('total'), 0, 'taxRate');
  return columns;
};

export const generateInvoiceLayout = (random: SeededRandom, content: DocumentContent): InvoiceLayout => {
  const receiverAt = random.weighted<InvoiceLayout['receiverAt']>([
    ['window-left', 45],
    ['window-right', content.sender.country === 'CH' ? 35 : 10],
    ['labelled', 25],
  ]);
  const bodySize = random.pick([8.5, 9, 9.5, 10]);
  return {
    kind: 'invoice',
    font: random.weighted<FontFamily>([
      ['Helvetica', 60],
      ['Times', 25],
      ['Courier', 15],
    ]),
    bodySize,
    letterhead: random.pick(['left', 'right', 'center'] as const),
    senderAddressIn: random.chance(0.75) ? 'header' : 'footer',
    returnLine: receiverAt !== 'labelled' && random.chance(0.5),
    receiverAt,
    meta: random.chance(0.65) ? 'beside' : 'below',
    titleWithNumber: random.chance(0.3),
    columns: columnsFor(random, content),
    tableRules: random.chance(0.6),
    totals: content.taxParts.length > 1 && random.chance(0.5) ? 'summary-table' : random.chance(0.15) ? 'summary-table' : 'lines',
    taxLineShowsBase: random.chance(0.4),
    bankIn: random.chance(0.5) ? 'footer' : 'after-totals',
    termsOnTop: random.chance(0.15),
    pageNumbers: random.chance(0.5),
    firstPageItems: random.int(14, 20),
  };
};

export const generateReceiptLayout = (random: SeededRandom): ReceiptLayout => ({
  kind: 'receipt',
  font: random.weighted<FontFamily>([
    ['Courier', 55],
    ['Helvetica', 45],
  ]),
  bodySize: random.pick([7.5, 8, 8.5]),
  widthMm: random.chance(0.7) ? 80 : 58,
  headerAlign: random.chance(0.7) ? 'center' : 'left',
  quantityLine: random.chance(0.6) ? 'below' : 'before',
  vat: random.chance(0.6) ? 'table' : 'included',
  taxCodes: random.chance(0.6),
  numberBeforeDate: random.chance(0.5),
});

/** Which item fields the printed table states: only those are judged per item. */
export const shownItemFields = (layout: DocumentLayout): Set<ItemColumn> =>
  layout.kind === 'invoice' ? new Set(layout.columns) : new Set<ItemColumn>(['description', 'quantity', 'unitPrice', 'total']);
