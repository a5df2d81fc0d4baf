import type { Language } from '../../layout/document-locale.js';
import { toCents } from '../../values/cents.js';
import { foundAt, isRecognized, spanOf, spansOverlap, type Span } from '../../values/finding.js';
import type { DecimalMark } from '../../values/parse-number.js';
import type { ItemField, ItemFinding, LineItemValue } from '../item-finding.js';
import type { ReadItem } from '../item-totals.js';
import { itemTitleAt } from '../item-title-misreads.js';
import { unitAsPrinted } from '../item-units.js';
import { accentLanguagesOf } from '../../values/spelling-accents.js';
import { type Cell, isNumeric, ofRole, ARTICLE, POSITION } from './cells.js';
import { type NumberRead, numbersIn, discountIn, discountedProduct, adds } from './figures.js';
import type { Row } from './rows.js';
import { countIn, withLostDecimalMark } from './figure-repairs.js';
import { rateFrom, type Rates, withItsTax, rateTaxingTheRow } from './rates.js';
import { titleOf, withoutBasisQuantity } from './title.js';
import { describesFiguresAbove } from './row-joins.js';
import { type CombinedHeader, nameUnderCombinedHeader } from './combined-header.js';

const NOT_A_UNIT = /^(?:x|à|a|@|je|per|pro|zu)$/i;

/** "20 Stk", "1.00 kg", "8 Unit(s)", "3,00  m2": the unit printed after the quantity, or in its own column. */
const unitOf = (cells: Cell[], quantity: NumberRead | null): Cell | null => {
  // A count garbled and derived (countIn): the word after the garbled figure in its cell ("11:5 m", "'1m .", "I pausch.").
  if (quantity?.derived) {
    const cell = [...ofRole(cells, 'quantity'), ...ofRole(cells, 'unit')].find((candidate) => /\S\s+\p{L}|\d\p{L}/u.test(candidate.text));
    const word = cell ? /(?:^\S+\s+|(?<=\d))(\p{L}[\p{L}.²³]*)/u.exec(cell.text) : null;
    if (cell && word) {
      const start = cell.span.start + word.index + word[0].length - word[1]!.length;
      return { role: 'unit', text: word[1]!, span: spanOf(cell.span.line, start, start + word[1]!.length) };
    }
  }
  const unitCell = ofRole(cells, 'unit').find((cell) => /\p{L}/u.test(cell.text) && !isNumeric(cell.text));
  const leading =
    unitCell && quantity && quantity.span.start === unitCell.span.start ? /^\S+\s+|^\d[\d.,]*(?=\p{L})/u.exec(unitCell.text) : null;
  if (unitCell && leading) {
    const start = unitCell.span.start + leading[0].length;
    return { ...unitCell, text: unitCell.text.slice(leading[0].length), span: spanOf(unitCell.span.line, start, unitCell.span.end) };
  }
  if (unitCell) return unitCell;
  if (!quantity) return null;
  const line = quantity.span.line;
  const match = /^\s*(\p{L}[\p{L}².³()/]*[23]?)(?=\s|$)/u.exec(line.text.slice(quantity.span.end, quantity.span.end + 16));
  const unit = match?.[1];
  if (!unit || unit.length > 12 || NOT_A_UNIT.test(unit)) return null;
  const start = quantity.span.end + match[0].length - unit.length;
  const inColumns = cells.some(
    (cell) => (cell.role === 'quantity' || cell.role === 'unit' || cell.role === null) && cell.span.start <= start && start < cell.span.end,
  );
  return inColumns ? { role: 'unit', text: unit, span: spanOf(line, start, start + unit.length) } : null;
};

const ARTICLE_IN_TITLE = /^\[(?<code>[^\]]{2,30})\]\s*/;
// "GG-SCRW-A4-01 - High-Grade Screws", "12345 - Toller Artikel": a code (capitals and digits, a digit at least) set before
// the name with a dash between: the article number, no part of the name.
const CODE_BEFORE_NAME = /^(?<code>(?=[\p{Lu}\d._/-]*\d)[\p{Lu}\d][\p{Lu}\d._/-]{2,29}) [-–] (?=\p{L})/u;
// The litre's l read as a bar or an exclamation mark after a figure ("0,75 |", "5|", "0,75 !"), or as 1 or I after a
// volume with decimals ("0,75 1").
const LITRE_MISREAD = /(?<=\d ?)[|¦!](?=$|\s+\p{L})|(?<=\d[.,]\d{1,3} )[1I](?=$|\s+\p{L})/u;

/**
 * A code printed left of the row's description under a header no vocabulary names ("Art.-NQ", OCR's "Art.-Nr."): the
 * item's article number, as an article column would hold it. One word with a digit, no running number.
 */
const codeUnderGarbledHeader = (row: Row): { text: string; span: Span } | undefined => {
  const description = row.description;
  if (!description || row.cells.some((cell) => cell.role === 'article')) return undefined;
  const cell = row.cells.find(
    (candidate) =>
      candidate.role === null &&
      candidate.span.end <= description.span.start &&
      !/\s/.test(candidate.text) &&
      ARTICLE.test(candidate.text) &&
      !POSITION.test(candidate.text),
  );
  return cell && { text: cell.text, span: cell.span };
};

// A count the row's arithmetic gives, not read: as sure as an amount the totals set right.
const DERIVED_CONFIDENCE = 0.6;

const NO_COMBINED_HEADER: CombinedHeader = { nameThenDescription: false, codeThenName: false };

export const itemFrom = (
  block: Row[],
  rates: Rates,
  decimalMark: DecimalMark,
  language: Language | null,
  header: CombinedHeader = NO_COMBINED_HEADER,
): ReadItem | null => {
  const row = block[0]!;
  const amount = row.amount ?? block.slice(1).find((other) => other.amount && !other.quantity)?.amount ?? null;
  // A row with its name, quantity and price but an amount too blurred to read is still an item (the ones after it keep their places).
  if (!amount && !(row.description && row.quantity && row.price)) return null;
  const found: ItemFinding['fields'] = {};
  const read = (field: ItemField, value: string, span: Span, confidence: number) => {
    found[field] = foundAt(value, confidence, [span]);
    return value;
  };
  const titleCell = titleOf(block);
  // Marks a scan leaves before a name ("| Unterhaltsreinigung", "“Hotel", "- Bürostuhl") or standing after it
  // ("Fachbuch Steuerrecht >") are no part of it; a litre's l OCR read as a bar, 1 or I ("Mineralwasser 0,75 |")
  // is set right.
  let title =
    titleCell?.text
      .replace(/^[|“”"'.,;:_~•·-]+\s*(?=\p{L})/u, '')
      .replace(/\s+[<>~_•·]+$/u, '')
      // A colon closing the name is the separator before a description left empty ("Heiße Luft pro Liter:").
      .replace(/(?<=[\p{L})])\s?:$/u, '')
      .replace(LITRE_MISREAD, 'l') ?? null;
  if (title && titleCell) title = itemTitleAt(title, titleCell.span, decimalMark, language);
  const combined = title ? nameUnderCombinedHeader(title, header) : null;
  if (combined) title = combined.title;
  const articleToken =
    block
      .flatMap((other) => ofRole(other.cells, 'article'))
      .flatMap((cell) =>
        [...cell.text.matchAll(/\S+/g)].map((token) => ({
          text: token[0],
          span: spanOf(cell.span.line, cell.span.start + token.index, cell.span.start + token.index + token[0].length),
        })),
      )
      .find((token) => ARTICLE.test(token.text)) ?? codeUnderGarbledHeader(row);
  let article = articleToken?.text ?? combined?.code ?? null;
  const bracketed = title ? (ARTICLE_IN_TITLE.exec(title) ?? CODE_BEFORE_NAME.exec(title)) : null;
  if (bracketed) {
    article ??= bracketed.groups!.code!;
    title = title!.slice(bracketed[0].length);
  }
  if (!title) return null;
  const described = block[1] && describesFiguresAbove(row, block[1]) ? block[1] : null;
  const rowQuantity = row.quantity ?? described?.quantity ?? null;
  const unit = row.quantity ? unitOf(row.cells, row.quantity) : described ? unitOf(described.cells, described.quantity) : null;
  const { price } = row;
  // A figure under the discount column that quantity × unit price does not take off, where without it they make the
  // amount ("21%" under "Kort." beside a rate column whose header OCR garbled, "Biw"): no discount, and where the row
  // shows no rate and the tax summary under the table prints it beside money, the row's tax rate.
  const listed = discountIn(row.cells);
  const undiscounted =
    listed !== null &&
    rowQuantity !== null &&
    price !== null &&
    amount !== null &&
    !adds(rowQuantity.value, price.value, amount.value, listed.value) &&
    adds(rowQuantity.value, price.value, amount.value, null);
  const discount = undiscounted ? null : listed;
  // A figure the arithmetic took for the unit price is no rate, whatever its header says ("Taux", a rate in French,
  // over prices a quantity multiplies into the amount).
  const rateCells = ofRole(row.cells, 'tax_rate').filter((cell) => !(price && spansOverlap(cell.span, price.span)));
  const rate =
    rateFrom(rateCells, rates) ??
    (undiscounted && rates.summarized.has(String(Number(listed.value))) ? listed : undefined) ??
    rateTaxingTheRow(rateCells, rowQuantity, price, amount);
  const marked = rowQuantity && price && amount ? withLostDecimalMark(rowQuantity, price, amount, discount) : rowQuantity;
  const taxed = marked !== null && price !== null && amount !== null && rate !== undefined && withItsTax(marked, price, amount, rate);
  // A count OCR garbled into another figure ("1702" for "17 pz", "15/002"): where quantity × unit price is not the
  // amount and no discount is printed, the count the unit price divides the amount into, if it does so to the cent.
  // A count a text layer prints is the count (the amount may hold a surcharge, a rebate or another currency's rounding).
  title = withoutBasisQuantity(title, unit?.text ?? null, marked, price, amount);
  const quantity =
    marked && price && amount && !discount && !taxed && isRecognized(marked.span) && !adds(marked.value, price.value, amount.value, null)
      ? (countIn({ role: 'quantity', text: marked.value, span: marked.span }, price, amount) ?? marked)
      : marked;
  const consistent = quantity && price && amount ? taxed || adds(quantity.value, price.value, amount.value, discount?.value ?? null) : null;
  const confidence = consistent === true ? 0.9 : 0.75;
  const value: LineItemValue = {
    title,
    quantity: quantity ? read('quantity', quantity.value, quantity.span, quantity.derived ? DERIVED_CONFIDENCE : confidence) : null,
    // A unit OCR read is set right where one letter misread makes it a known unit ("pes" for "pcs").
    unit: unit
      ? read(
          'unit',
          isRecognized(unit.span) ? unitAsPrinted(unit.text, accentLanguagesOf(language)) : unit.text,
          unit.span,
          confidence * 0.9,
        )
      : null,
    // A unit price that does not multiply out to the amount is per some other basis: not the unit price.
    amount_unit: price && amount && consistent !== false ? read('amount_unit', price.value, price.span, confidence) : null,
    amount_total: amount ? read('amount_total', amount.value, amount.span, confidence) : null,
    tax_rate: rate ? read('tax_rate', String(Number(rate.value)), rate.span, confidence) : null,
    discount_rate: discount ? read('discount_rate', String(Number(discount.value)), discount.span, confidence) : null,
    article_number: articleToken ? read('article_number', articleToken.text, articleToken.span, confidence) : article,
  };
  found.title = foundAt(title, confidence, [titleCell!.span]);
  const product = quantity && price ? Math.round(discountedProduct(quantity.value, price.value, discount?.value ?? null) * 100) : null;
  return {
    item: { value, fields: found },
    product,
    price: price?.value ?? null,
    productSpans: quantity && price ? [quantity.span, price.span] : [],
  };
};

/** "abzgl. 16,7% Rabatt   -2,00" under an item: its discount, taken off its amount. */
export const applyDiscount = (item: ItemFinding, row: Row) => {
  const percentage = row.cells.flatMap((cell) => numbersIn(cell)).find((number) => number.isPercentage);
  const deduction = row.amount!;
  if (!percentage || !item.value.amount_total) return;
  item.value.discount_rate = String(Number(percentage.value));
  item.value.amount_total = ((toCents(item.value.amount_total) - Math.abs(toCents(deduction.value))) / 100).toFixed(2);
  item.fields.discount_rate = foundAt(item.value.discount_rate, 0.8, [percentage.span]);
  item.fields.amount_total = foundAt(item.value.amount_total, 0.75, [deduction.span]);
};
