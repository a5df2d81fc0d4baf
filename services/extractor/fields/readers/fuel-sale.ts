import type { DocumentText, TextLine } from '../layout/document-text.js';
import { foundAt, spanOf } from '../values/finding.js';
import { parseDecimal } from '../values/parse-number.js';
import { emptyLineItemValue, type ItemFinding } from './item-finding.js';
import { amountAtEnd } from './receipt-item-lines.js';

/**
 * A fuel sale on a petrol station's receipt, printed as the pump reports it rather than as a shop's item line: the
 * volume ("26,97 Liter", "45,12 l"), the price a litre with the tenth of a cent ("1,459 EUR/Liter", "€/l 1,739") and the
 * fuel's amount ("*Super E5   39,35 EUR") on lines close to one another. Volume × price is the amount to the cent: the
 * check that the three belong together.
 */

const VOLUME = /(?<![\d.,])(?<volume>\d{1,4}[.,]\d{2,3})\s*(?<unit>l|ltr\.?|lit(?:er|re)s?)(?!\p{L})/iu;
const PRICE_PER_LITRE =
  /(?<![\d.,])(?<price>\d{1,2}[.,]\d{3})\s*(?:EUR|€|CHF|£)?\s*\/\s*(?:l|ltr\.?|lit(?:er|re))(?!\p{L})|(?:EUR|€|CHF|£)\s*\/\s*(?:l|ltr\.?|lit(?:er|re))\s*(?<pricePrinted>\d{1,2}[.,]\d{3})(?![\d.,])/iu;

// How far apart the volume, the price a litre and the amount may be printed.
const NEAR = 3;

/** The volume × price, to the cent (a pump rounds half up), is the amount. */
const multipliesOut = (volume: number, price: number, amount: number) => Math.abs(volume * price - amount) <= 0.0051;

/** The name of the fuel: the amount line's first words, without a pump's marks ("*Super E5" → "Super E5"). */
const fuelName = (line: TextLine, amountStart: number): { title: string; start: number; end: number } | null => {
  const [first] = line.text.slice(0, amountStart).match(/\S+(?: \S+)*/g) ?? [];
  if (!first) return null;
  const start = line.text.indexOf(first);
  const title = first
    .replace(/^[^\p{L}\d]+/u, '')
    .replace(VOLUME, '')
    .trim();
  return /\p{L}{2}/u.test(title) ? { title, start, end: start + first.length } : null;
};

/** The fuel sales a receipt prints, each volume × price a litre = amount; none on other documents. */
export const findFuelSales = (document: DocumentText): ItemFinding[] => {
  const lines = document.lines;
  const volumes = lines.flatMap((line) => {
    const match = VOLUME.exec(line.text);
    const volumeValue = match && parseDecimal(match.groups!.volume!, document.decimalMark);
    return match && volumeValue !== null ? [{ line, match, volumeValue }] : [];
  });
  const prices = lines.flatMap((line) => {
    const match = PRICE_PER_LITRE.exec(line.text);
    const value = match && (match.groups!.price ?? match.groups!.pricePrinted!);
    const priceValue = value && parseDecimal(value, document.decimalMark);
    return match && value && priceValue ? [{ line, match, value, priceValue }] : [];
  });
  const sales: ItemFinding[] = [];
  for (const volume of volumes) {
    const { volumeValue } = volume;
    for (const price of prices.filter((candidate) => Math.abs(candidate.line.index - volume.line.index) <= NEAR)) {
      const { priceValue } = price;
      const from = Math.max(0, Math.min(volume.line.index, price.line.index) - NEAR);
      const to = Math.max(volume.line.index, price.line.index) + NEAR;
      for (const line of lines.slice(from, to + 1).filter((candidate) => candidate.page === volume.line.page)) {
        const amount = amountAtEnd(line, document, 'as-printed');
        if (!amount || !multipliesOut(Number(volumeValue), Number(priceValue), Number(amount.value))) continue;
        const amountStart = amount.end.index + amount.end[0].indexOf(amount.end.groups!.amount!);
        const name = fuelName(line, amountStart);
        if (!name || sales.some((sale) => sale.value.amount_total === amount.value)) continue;
        const volumeStart = volume.match.index + volume.match[0].indexOf(volume.match.groups!.volume!);
        const priceStart = price.line.text.indexOf(price.value, price.match.index);
        sales.push({
          value: {
            ...emptyLineItemValue(name.title),
            quantity: volumeValue,
            unit: volume.match.groups!.unit!,
            amount_unit: priceValue,
            amount_total: amount.value,
          },
          fields: {
            title: foundAt(name.title, 0.8, [spanOf(line, name.start, name.end)]),
            quantity: foundAt(volumeValue, 0.85, [spanOf(volume.line, volumeStart, volumeStart + volume.match.groups!.volume!.length)]),
            unit: foundAt(volume.match.groups!.unit!, 0.8, [
              spanOf(volume.line, volume.match.index, volume.match.index + volume.match[0].length),
            ]),
            amount_unit: foundAt(priceValue, 0.85, [spanOf(price.line, priceStart, priceStart + price.value.length)]),
            amount_total: foundAt(amount.value, 0.85, [spanOf(line, amountStart, amountStart + amount.end.groups!.amount!.length)]),
          },
        });
      }
    }
  }
  return sales;
};
