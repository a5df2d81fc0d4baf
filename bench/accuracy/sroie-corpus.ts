import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExtractedData } from '../../contracts/events/extracted-data.js';
import type { BenchSample, Corpus } from './bench-sample.js';
import { judgeValue, type FieldComparison } from './compare-fields.js';

/**
 * The ICDAR 2019 SROIE receipts (scanned Malaysian till receipts, task 3 key fields: company, date,
 * address, total), read at benchmark time from a directory outside the repository: the data is the
 * competition's, for research use, and is not committed. `npm run bench:fetch-sroie -- <dir>` fills it
 * (`img/NNN.jpg`, `key/NNN.json`); KONTOR_SROIE_DIR names it (default bench/accuracy/.sroie).
 *
 * Split: even-numbered receipts are the tuning set, odd-numbered ones the held-out set the figures are
 * reported on; rules are written looking at the tuning set only. The held-out set is split once more for
 * the confidence model (see `calibrationSplitOf`).
 */

export const SROIE_DIRECTORY = process.env.KONTOR_SROIE_DIR ?? join(import.meta.dirname, '.sroie');

export type SroieSplit = 'tuning' | 'held-out';

/** Receipt 000 is tuning, 001 held out, 002 tuning, and so on. */
export const splitOf = (number: number): SroieSplit => (number % 2 === 0 ? 'tuning' : 'held-out');

/**
 * Held-out receipts below 200 were reported on from the start and no rule was written from them, so the
 * confidence model may be fitted on them (`bench:calibrate --tuning sroie-held-out/calibration`): its fit
 * then learns how rules do on receipts they were not written from, which the tuning receipts cannot
 * teach it. Receipts from 200 on judge it (`sroie-held-out/judged`).
 */
const FIRST_JUDGED_RECEIPT = 200;

export const calibrationSplitOf = (number: number): 'calibration' | 'judged' => (number < FIRST_JUDGED_RECEIPT ? 'calibration' : 'judged');

export interface SroieKey {
  company?: string;
  date?: string;
  address?: string;
  total?: string;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

const isoOf = (year: number, month: number, day: number): string | null =>
  month >= 1 && month <= 12 && day >= 1 && day <= 31
    ? `${year < 100 ? 2000 + year : year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
    : null;

/**
 * A truth date as ISO: day first as Malaysian receipts print it (25/12/2018, 12-01-19, 14 MAR 2018,
 * 2018-03-15), month first only where the first number cannot be a month (12/28/2017). Null for a
 * truth no calendar date can be made of (it is then not judged).
 */
export const sroieDate = (value: string): string | null => {
  const text = value.trim().toUpperCase();
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(text);
  if (numeric) {
    const [first, second, year] = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
    return second > 12 ? isoOf(year, first, second) : isoOf(year, second, first);
  }
  const named = /^(\d{1,2})[\s-]*([A-Z]{3})[A-Z]*[\s-,]*(\d{2}|\d{4})$/.exec(text);
  const month = named ? MONTHS.indexOf(named[2]!) + 1 : 0;
  return named && month > 0 ? isoOf(Number(named[3]), month, Number(named[1])) : null;
};

/**
 * The SROIE comparison is text equality after normalisation. Company and address: NFKC, upper case,
 * and only letters and digits kept, so case, spacing and punctuation ("NO.53 55,57" = "NO 53 55 57")
 * do not count, while every letter and digit, and their order, does.
 */
export const sroieText = (value: string): string =>
  value
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The sender's address as one text, in the order a receipt prints it: house number and street (either
 * order), then postal code and city (which holds what follows the postal code, e.g. the state).
 */
export const addressCandidates = (address: ExtractedData['senderAddress']): string[] => {
  if (!address) return [];
  const tail = [address.post_office_box, address.postal_code, address.city_name];
  const orders = [
    [address.house_number, address.street],
    [address.street, address.house_number],
  ];
  const texts = orders.map((head) => [...head, ...tail].filter((part): part is string => part !== null && part !== '').join(', '));
  return [...new Set(texts.filter((text) => text !== ''))];
};

export const SROIE_FIELDS = {
  company: 'sender_address.company_name',
  address: 'sender_address.address',
  date: 'accounting_document.invoice_date',
  total: 'accounting_document.amount_total',
} as const;

/** A receipt's four key fields judged against its key; a field the key leaves empty is not judged. */
export const compareSroie = (key: SroieKey, data: ExtractedData): FieldComparison[] => {
  const comparisons: FieldComparison[] = [];
  const sameText = (want: string, got: string) => sroieText(want) === sroieText(got);
  if (key.company?.trim())
    comparisons.push(judgeValue(SROIE_FIELDS.company, key.company, data.senderAddress?.company_name ?? null, sameText));
  if (key.address?.trim()) {
    const candidates = addressCandidates(data.senderAddress);
    const right = candidates.find((candidate) => sameText(key.address!, candidate));
    comparisons.push(judgeValue(SROIE_FIELDS.address, key.address, right ?? candidates[0] ?? null, sameText));
  }
  const date = key.date ? sroieDate(key.date) : null;
  if (date) comparisons.push(judgeValue(SROIE_FIELDS.date, date, data.accountingDocument.invoice_date, (want, got) => want === got));
  const total = key.total?.replace(/[^\d.]/g, '');
  if (total && !Number.isNaN(Number(total)))
    comparisons.push(
      judgeValue(
        SROIE_FIELDS.total,
        total,
        data.accountingDocument.amount_total,
        (want, got) => Math.abs(Number(want) - Number(got)) < 0.005,
      ),
    );
  return comparisons;
};

const loadSplit = (split: SroieSplit) => async (): Promise<BenchSample[]> => {
  const images = join(SROIE_DIRECTORY, 'img');
  if (!existsSync(images)) {
    console.error(
      `sroie-${split}: skipped, no receipts at ${SROIE_DIRECTORY} (fill it with \`npm run bench:fetch-sroie -- <dir>\` and set KONTOR_SROIE_DIR)`,
    );
    return [];
  }
  const files = (await readdir(images)).filter((file) => /^\d+\.jpg$/.test(file) && splitOf(parseInt(file, 10)) === split).sort();
  const samples = await Promise.all(
    files.map(async (file): Promise<BenchSample | null> => {
      const keyFile = join(SROIE_DIRECTORY, 'key', file.replace(/\.jpg$/, '.json'));
      if (!existsSync(keyFile)) return null;
      const key = JSON.parse(await readFile(keyFile, 'utf8')) as SroieKey;
      return {
        name: file,
        ...(split === 'held-out' ? { tags: { split: calibrationSplitOf(parseInt(file, 10)) } } : {}),
        expected: {},
        compare: (data: ExtractedData) => compareSroie(key, data),
        files: async () => [{ name: file, bytes: await readFile(join(images, file)), mimeType: 'image/jpeg' }],
      };
    }),
  );
  return samples.filter((sample): sample is BenchSample => sample !== null);
};

export const SROIE_CORPORA: Corpus[] = (['tuning', 'held-out'] as const).map((split) => ({
  name: `sroie-${split}`,
  description: `ICDAR 2019 SROIE scanned till receipts, ${split === 'tuning' ? 'even-numbered (tuning set)' : 'odd-numbered (held-out set)'}`,
  target: 'scanned-or-photographed',
  load: loadSplit(split),
}));
