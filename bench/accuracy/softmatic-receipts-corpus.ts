import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ExtractedData } from '../../contracts/events/extracted-data.js';
import type { BenchSample, Corpus } from './bench-sample.js';
import { judgeValue, type FieldComparison } from './compare-fields.js';

/**
 * Real German till receipts (grocery, drugstore, hardware and electronics chains, a pharmacy, a petrol
 * station), 300 dpi flatbed scans published by softmatic in github.com/softmatic/vision-data (CC-BY-4.0),
 * read at benchmark time from a directory outside the repository: `npm run bench:fetch-softmatic-receipts`
 * fills it (`A/`, `B/`, `C/`: cropped, uncropped, uncropped); KONTOR_SOFTMATIC_RECEIPTS_DIR names it (default
 * bench/accuracy/.softmatic-receipts).
 *
 * The truth is the file name, `<merchant>_<DDMMYYYY>_<number of items>_<total in cents>` (the number of
 * items is left out on two receipts; a second scan of one receipt carries `_B`): the date, the total and the
 * number of items are judged. The merchant part is a chain's short name or a generic word ("tanke",
 * "apotheke"), not the printed company name, so the company is not judged; nor are the items' names and
 * prices, which the dataset does not give.
 *
 * Split: the receipts sorted by their truth, even positions tuning, odd ones held out; two scans of one
 * receipt share their truth and so their half.
 */

export const SOFTMATIC_RECEIPTS_DIRECTORY = process.env.KONTOR_SOFTMATIC_RECEIPTS_DIR ?? join(import.meta.dirname, '.softmatic-receipts');

export const SOFTMATIC_FOLDERS = ['A', 'B', 'C'] as const;

export interface SoftmaticTruth {
  /** The file name without its extension and without the `_B` of a second scan. */
  key: string;
  merchant: string;
  /** ISO date. */
  date: string;
  items: number | null;
  /** The total as a decimal with two places. */
  total: string;
}

/** The truth a receipt's file name carries; null for a name that does not follow the scheme. */
export const softmaticTruthOf = (file: string): SoftmaticTruth | null => {
  const key = file.replace(/\.jpe?g$/i, '').replace(/_B$/, '');
  const match = /^([a-z]+)_(\d{2})(\d{2})(\d{4})(?:_(\d{1,3}))?_(\d{3,})$/.exec(key);
  if (!match) return null;
  const [, merchant, day, month, year, items, cents] = match;
  const total = (Number(cents) / 100).toFixed(2);
  return { key, merchant: merchant!, date: `${year}-${month}-${day}`, items: items === undefined ? null : Number(items), total };
};

export const SOFTMATIC_FIELDS = {
  date: 'accounting_document.invoice_date',
  total: 'accounting_document.amount_total',
  items: 'accounting_document.items.count',
} as const;

const isWholeCount = (quantity: string | null): boolean => quantity !== null && /^\d+(?:\.0+)?$/.test(quantity) && Number(quantity) > 0;

/**
 * A receipt's date, total and number of items judged against the truth of its file name. The number of items
 * is the till's article count (ALDI's "ANZAHL ARTIKEL": one per unit sold), so it is met by the number of item
 * lines or by their units (a line's whole quantity, 1 otherwise).
 */
export const compareSoftmatic = (truth: SoftmaticTruth, data: ExtractedData): FieldComparison[] => {
  const document = data.accountingDocument;
  const comparisons = [
    judgeValue(SOFTMATIC_FIELDS.date, truth.date, document.invoice_date, (want, got) => want === got),
    judgeValue(SOFTMATIC_FIELDS.total, truth.total, document.amount_total, (want, got) => Math.abs(Number(want) - Number(got)) < 0.005),
  ];
  if (truth.items !== null) {
    const lines = String(document.items.length);
    const units = String(document.items.reduce((sum, item) => sum + (isWholeCount(item.quantity) ? Number(item.quantity) : 1), 0));
    const counted = [lines, units].find((count) => count === String(truth.items)) ?? lines;
    comparisons.push(
      judgeValue(SOFTMATIC_FIELDS.items, String(truth.items), document.items.length === 0 ? null : counted, (a, b) => a === b),
    );
  }
  return comparisons;
};

export type SoftmaticSplit = 'tuning' | 'held-out';

/** Each receipt's half: its truth's position among the distinct truths, even tuning, odd held out. */
export const softmaticSplits = (keys: readonly string[]): Map<string, SoftmaticSplit> =>
  new Map([...new Set(keys)].sort().map((key, index) => [key, index % 2 === 0 ? 'tuning' : 'held-out']));

interface Receipt {
  file: string;
  path: string;
  truth: SoftmaticTruth;
}

const receiptsIn = async (directory: string): Promise<Receipt[]> => {
  const receipts: Receipt[] = [];
  for (const folder of SOFTMATIC_FOLDERS) {
    const path = join(directory, folder);
    if (!existsSync(path)) continue;
    for (const file of (await readdir(path)).sort()) {
      const truth = softmaticTruthOf(file);
      if (/\.jpe?g$/i.test(file) && truth) receipts.push({ file: `${folder}/${file}`, path: join(path, file), truth });
    }
  }
  return receipts;
};

const loadSplit = (split: SoftmaticSplit) => async (): Promise<BenchSample[]> => {
  if (!existsSync(SOFTMATIC_RECEIPTS_DIRECTORY)) {
    console.error(
      `softmatic-receipts-${split}: skipped, no receipts at ${SOFTMATIC_RECEIPTS_DIRECTORY} (fill it with \`npm run bench:fetch-softmatic-receipts\`)`,
    );
    return [];
  }
  const receipts = await receiptsIn(SOFTMATIC_RECEIPTS_DIRECTORY);
  const splits = softmaticSplits(receipts.map((receipt) => receipt.truth.key));
  return receipts
    .filter((receipt) => splits.get(receipt.truth.key) === split)
    .map((receipt): BenchSample => ({
      name: receipt.file,
      expected: {},
      compare: (data: ExtractedData) => compareSoftmatic(receipt.truth, data),
      files: async () => [{ name: basename(receipt.path), bytes: await readFile(receipt.path), mimeType: 'image/jpeg' }],
    }));
};

export const SOFTMATIC_RECEIPTS_CORPORA: Corpus[] = (['tuning', 'held-out'] as const).map((split) => ({
  name: `softmatic-receipts-${split}`,
  description: `softmatic's scanned German till receipts, ${split === 'tuning' ? 'even positions (tuning set)' : 'odd positions (held-out set)'}`,
  target: 'scanned-or-photographed',
  load: loadSplit(split),
}));
