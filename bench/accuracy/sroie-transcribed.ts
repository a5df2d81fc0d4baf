/**
 * The text readers on SROIE's own transcriptions (data/box: every text box of a receipt as the annotators typed it),
 * without OCR: the four key fields judged as `bench:accuracy` judges them (`compareSroie`), and how many receipts give a
 * tax summary that adds up, when the text is right. It tells the readers' share of a miss from OCR's, and measures what
 * the key fields do not judge (net and tax).
 *
 *   npm run bench:sroie-transcribed -- [--split tuning|held-out] [--limit n] [--misses]
 *
 * The boxes are put into lines by their vertical middles and spaced by their left edges, as a layout-keeping OCR
 * prints them. `--limit n` takes the split's first n receipts, as `bench:accuracy` does. `--misses` lists the tuning split's wrong and missing values (never the held-out split's).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { extractScoredFields } from '../../services/extractor/index.js';
import { compareSroie, SROIE_DIRECTORY, SROIE_FIELDS, splitOf, type SroieKey, type SroieSplit } from './sroie-corpus.js';

interface Box {
  left: number;
  middle: number;
  height: number;
  text: string;
}

// About the width of one character of a receipt's type at the scans' resolution.
const PIXELS_PER_COLUMN = 12;

const boxOf = (row: string): Box => {
  const fields = row.split(',');
  const xs = [0, 2, 4, 6].map((index) => Number(fields[index]));
  const ys = [1, 3, 5, 7].map((index) => Number(fields[index]));
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  return { left: Math.min(...xs), middle: (top + bottom) / 2, height: bottom - top, text: fields.slice(8).join(',') };
};

/** A receipt's boxes as lines of text: boxes whose middles lie within half the smaller height share a line. */
const transcribedText = (csv: string): string => {
  const boxes = csv
    .split(/\r?\n/)
    .filter((row) => row.trim() !== '')
    .map(boxOf)
    .sort((a, b) => a.middle - b.middle);
  const lines: Box[][] = [];
  for (const box of boxes) {
    const line = lines.at(-1);
    const first = line?.[0];
    if (line && first && Math.abs(first.middle - box.middle) < Math.min(first.height, box.height) / 2) line.push(box);
    else lines.push([box]);
  }
  return lines
    .map((line) =>
      line
        .sort((a, b) => a.left - b.left)
        .reduce(
          (text, box) => text.padEnd(Math.max(Math.round(box.left / PIXELS_PER_COLUMN), text === '' ? 0 : text.length + 2)) + box.text,
          '',
        ),
    )
    .join('\n');
};

const centsOf = (amount: string | null | undefined): number | null =>
  amount ? Math.round(Number(amount.replace(/[^\d.-]/g, '')) * 100) : null;

const { values: options } = parseArgs({
  options: {
    split: { type: 'string', default: 'tuning' },
    limit: { type: 'string' },
    misses: { type: 'boolean', default: false },
  },
});
const split = options.split as SroieSplit;
if (split !== 'tuning' && split !== 'held-out') throw new Error('--split is tuning or held-out');

const boxDirectory = join(SROIE_DIRECTORY, 'box');
const files = (await readdir(boxDirectory).catch(() => [])).filter(
  (file) => /^\d+\.csv$/.test(file) && splitOf(parseInt(file, 10)) === split,
);
if (files.length === 0) {
  console.log(`no transcriptions at ${boxDirectory}: fill it with \`npm run bench:fetch-sroie\``);
  process.exit(0);
}

const right = new Map<string, number>();
const judged = new Map<string, number>();
let summaries = 0;
let summariesOfTheTotal = 0;
const misses: string[] = [];
const receipts = files.sort().slice(0, options.limit ? Number(options.limit) : undefined);
for (const file of receipts) {
  const number = file.slice(0, -'.csv'.length);
  const key = JSON.parse(await readFile(join(SROIE_DIRECTORY, 'key', `${number}.json`), 'utf8')) as SroieKey;
  const text = transcribedText(await readFile(join(boxDirectory, file), 'utf8'));
  const data = extractScoredFields({
    pages: [{ pageNumber: 1, text, confidence: null }],
    words: new Map(),
    requested: { documentType: null, extractionProcess: 'full-extraction', extractLineItems: false },
  }).data;
  for (const comparison of compareSroie(key, data)) {
    judged.set(comparison.field, (judged.get(comparison.field) ?? 0) + 1);
    if (comparison.outcome === 'right') right.set(comparison.field, (right.get(comparison.field) ?? 0) + 1);
    else misses.push(`${number} ${comparison.field}: read ${comparison.actual ?? '–'}, key ${comparison.expected}`);
  }
  const document = data.accountingDocument;
  const details = document.amount_details;
  if (!details?.gross_amount_total) continue;
  summaries += 1;
  // A summary's gross is the till's total, or the sum before a rounding adjustment of a few cents.
  const total = centsOf(document.amount_total);
  if (total !== null && Math.abs(centsOf(details.gross_amount_total)! - total) <= 10) summariesOfTheTotal += 1;
}

const share = (count: number, of = receipts.length) => `${count} of ${of} (${((100 * count) / of).toFixed(1)} %)`;
console.log(`sroie-${split}, read from the annotators' transcriptions (no OCR):`);
for (const [name, field] of Object.entries(SROIE_FIELDS))
  console.log(`  ${`${name} as the key:`.padEnd(40)}${share(right.get(field) ?? 0, judged.get(field) ?? 0)}`);
console.log(`  ${'net, tax and gross that add up:'.padEnd(40)}${share(summaries)}`);
console.log(`  ${'… whose gross is the total read:'.padEnd(40)}${share(summariesOfTheTotal)}`);
if (options.misses && split === 'tuning') console.log(misses.join('\n'));
