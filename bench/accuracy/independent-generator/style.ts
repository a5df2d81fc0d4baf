import type { SeededRandom } from '../generator/seeded-random.js';
import type { Facts } from './facts.js';
import type { DateStyle } from './locales.js';
import { WORDINGS, type Wordings } from './wordings.js';

/**
 * How one document looks, apart from its family's arrangement: the font, the accent colour, the one
 * wording picked for each label, the date style and the item columns it prints.
 */

export type Column = 'position' | 'article' | 'description' | 'quantity' | 'unit' | 'unitPrice' | 'discount' | 'vat' | 'amount';

/** Font stacks chromium finds through fontconfig (`fc-list`): serif, sans, condensed, mono, geometric. */
const FONTS = [
  "'Nimbus Roman', serif",
  "'Nimbus Sans', sans-serif",
  "'DejaVu Sans', sans-serif",
  "'DejaVu Serif', serif",
  "'URW Gothic', sans-serif",
  "'Nimbus Sans Narrow', sans-serif",
  "'C059', serif",
  "'P052', serif",
  "'URW Bookman', serif",
  "'DejaVu Sans Condensed', sans-serif",
];
export const MONO_FONTS = ["'DejaVu Sans Mono', monospace", "'Nimbus Mono PS', monospace"];
const ACCENTS = ['#1f4e79', '#8b1e3f', '#2e6b3a', '#5b2c83', '#b35900', '#20626b', '#333333'];

export interface Style {
  font: string;
  fontSizePt: number;
  accent: string;
  dateStyle: DateStyle;
  /** One wording per label: the first entry of every list in the picked Wordings. */
  words: Wordings;
  columns: Column[];
  taxTable: boolean;
  /** The receiver's company name after a label on its line ("Spett.le", "A:"), or none. */
  nameLabel: string;
  /** The receiver's contact person before its company (as in some French and Italian letters) or after it. */
  contactFirst: boolean;
}

const pickOne = <T>(random: SeededRandom, values: readonly T[]): readonly T[] => (values.length === 0 ? values : [random.pick(values)]);

/** The wordings reduced to one choice per label. */
const pickWordings = (random: SeededRandom, all: Wordings): Wordings => ({
  ...all,
  invoiceTitle: pickOne(random, all.invoiceTitle),
  receiptTitle: pickOne(random, all.receiptTitle),
  number: pickOne(random, all.number),
  date: pickOne(random, all.date),
  deliveryDate: pickOne(random, all.deliveryDate),
  dueDate: pickOne(random, all.dueDate),
  customerNumber: pickOne(random, all.customerNumber),
  billTo: pickOne(random, all.billTo),
  attention: pickOne(random, all.attention),
  nameLabel: pickOne(random, all.nameLabel),
  from: pickOne(random, all.from),
  columns: Object.fromEntries(Object.entries(all.columns).map(([key, values]) => [key, pickOne(random, values)])) as Wordings['columns'],
  subtotal: pickOne(random, all.subtotal),
  vatLine: pickOne(random, all.vatLine),
  total: pickOne(random, all.total),
  taxBreakdown: { ...all.taxBreakdown, title: pickOne(random, all.taxBreakdown.title) },
  bank: pickOne(random, all.bank),
  vatId: pickOne(random, all.vatId),
  thanks: pickOne(random, all.thanks),
  paidBy: pickOne(random, all.paidBy),
});

export const generateStyle = (random: SeededRandom, facts: Facts, mono: boolean): Style => {
  const rates = new Set(facts.items.map((item) => item.taxRate)).size;
  const discounts = facts.items.some((item) => item.discountPercent > 0);
  const quantity = random.chance(0.85) || discounts;
  const columns: Column[] = [
    ...(random.chance(0.5) ? (['position'] as const) : []),
    ...(random.chance(0.45) ? (['article'] as const) : []),
    'description',
    ...(quantity ? (['quantity'] as const) : []),
    ...(quantity && random.chance(0.5) ? (['unit'] as const) : []),
    ...(quantity ? (['unitPrice'] as const) : []),
    ...(discounts ? (['discount'] as const) : []),
    ...(rates > 1 || random.chance(0.35) ? (['vat'] as const) : []),
    'amount',
  ];
  const words = pickWordings(random, WORDINGS[facts.locale.language]);
  return {
    font: mono ? random.pick(MONO_FONTS) : random.pick(FONTS),
    fontSizePt: mono ? random.pick([8.5, 9, 9.5]) : random.pick([8.5, 9, 9.5, 10, 10.5]),
    accent: random.pick(ACCENTS),
    dateStyle: random.chance(0.75) ? 'numeric' : 'long',
    words,
    columns,
    taxTable: rates > 1 ? random.chance(0.6) : random.chance(0.2),
    nameLabel: words.nameLabel.length > 0 && random.chance(0.75) ? words.nameLabel[0]! : '',
    contactFirst: facts.locale.language !== 'de' && random.chance(0.3),
  };
};
