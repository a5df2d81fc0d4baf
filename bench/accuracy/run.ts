/**
 * Field-by-field accuracy of the extraction on the generated corpus (born-digital, scanned,
 * photographed) and on the shared corpora with ground truth, through the service's own rendering,
 * recognition and extraction. Prints Markdown tables and writes every figure and every wrong or
 * missing field to bench/accuracy/results/<date>.json.
 *
 *   npm run bench:accuracy -- [--corpus <name>[,<name>…]] [--limit <n>] [--from <n>] [--seed <n>] [--size <n>]
 *                             [--workers <n>] [--verbose] [--update-readme] [--observe]
 *                             [--recognition-cache <dir>]
 *
 * Corpora: generated-born-digital, generated-scanned, generated-photographed (or "generated"),
 * independent-born-digital, independent-scanned, independent-photographed (or "independent"),
 * invoice2data, invoice2data-images, zugferd, zugferd-xml, xrechnung, qrbill (or "shared"); sroie-tuning, sroie-held-out
 * (or "sroie", read from KONTOR_SROIE_DIR, see sroie-corpus.ts); odoo-models-tuning, odoo-models-held-out (or "odoo-models",
 * read from KONTOR_ODOO_MODELS_DIR, see odoo-models-corpus.ts); einvoice-hybrids-tuning, einvoice-hybrids-held-out (or
 * "einvoice-hybrids", read from KONTOR_EINVOICE_HYBRIDS_DIR,
 * see fetched-hybrids-corpus.ts); softmatic-receipts-tuning, softmatic-receipts-held-out (or "softmatic-receipts", read from
 * KONTOR_SOFTMATIC_RECEIPTS_DIR, see softmatic-receipts-corpus.ts); all by default.
 * --verbose prints every wrong and missing value of a tuning split or a source without halves; a held-out split
 * (name ending in -held-out) is printed in aggregate only (held-out-splits.ts).
 * --limit takes the first n documents of each corpus (a quick run: --limit 20); --from n leaves out the documents before
 * the nth (counted from 0), so `--from 260 --limit 320` reads documents 260–319 alone. The independent corpora hold
 * 320 documents and grow to --limit when it is above that (each document seeded by its index, so 0–319 stay the
 * same): `--from 320 --limit 400` reads the tuning split 320–399. --observe also writes every
 * judged value's calibration features and rightness to results/<date>.observations.jsonl, which
 * `npm run bench:calibrate` fits the confidence calibration on. --recognition-cache keeps each document's
 * pages and recognized text in <dir> and reads them from there on later runs (recognition-cache.ts): the
 * extraction measured again on the same text without OCR.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { corpusTable, CorpusTally, fieldTable, tagTable, type CorpusResult } from './accuracy-report.js';
import type { BenchSample, Corpus } from './bench-sample.js';
import { createExtractionPath, type ExtractionPath } from './extraction-path.js';
import { generatedCorpora } from './generated-corpora.js';
import { printsDocumentMisses } from './held-out-splits.js';
import { independentCorpora, independentCorpusSizeFor } from './independent-corpora.js';
import { DEFAULT_CORPUS_SIZE, DEFAULT_SEED } from './generator/generated-corpus.js';
import { observationsOf, type Observation } from './calibration/observations.js';
import { compareAllFields } from './judged-fields.js';
import { openRecognitionCache } from './recognition-cache.js';
import { ZUGFERD_PRINTED_CORPORA } from './printed-einvoice-corpus.js';
import { SHARED_CORPORA } from './shared-corpora.js';
import { SOFTMATIC_RECEIPTS_CORPORA } from './softmatic-receipts-corpus.js';
import { SROIE_CORPORA } from './sroie-corpus.js';
import { ODOO_MODELS_CORPORA } from './odoo-models-corpus.js';
import { FETCHED_HYBRIDS_CORPORA } from './fetched-hybrids-corpus.js';

const HERE = import.meta.dirname;
const README = join(HERE, '../README.md');
/**
 * The source an observation is fitted or judged under: a corpus that mixes tuning and held-out documents
 * (the independent generator's layout families) gives each split its own ("independent-scanned/tuning"),
 * so that `bench:calibrate --tuning` can fit on the one and judge on the other.
 */
const observedSourceOf = (corpus: string, sample: BenchSample): string => (sample.tags?.split ? `${corpus}/${sample.tags.split}` : corpus);

const README_START = '<!-- accuracy-results:start -->';
const README_END = '<!-- accuracy-results:end -->';

const { values: options } = parseArgs({
  options: {
    corpus: { type: 'string', multiple: true },
    limit: { type: 'string' },
    from: { type: 'string' },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    size: { type: 'string', default: String(DEFAULT_CORPUS_SIZE) },
    workers: { type: 'string', default: String(cpus().length) },
    verbose: { type: 'boolean', default: false },
    'update-readme': { type: 'boolean', default: false },
    observe: { type: 'boolean', default: false },
    'recognition-cache': { type: 'string' },
  },
});

const positiveInteger = (name: string, value: string | undefined): number | null => {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`--${name} must be a positive integer, not "${value}"`);
  return Number(value);
};
const limit = positiveInteger('limit', options.limit);
const from = options.from === '0' ? 0 : (positiveInteger('from', options.from) ?? 0);
const seed = positiveInteger('seed', options.seed)!;
const size = positiveInteger('size', options.size)!;
const workers = positiveInteger('workers', options.workers)!;

const corpora: Corpus[] = [
  ...generatedCorpora({ seed, size, cacheDirectory: join(HERE, '.generated') }),
  ...independentCorpora({ cacheDirectory: join(HERE, '.generated'), size: independentCorpusSizeFor(limit) }),
  ...SHARED_CORPORA,
  ...ZUGFERD_PRINTED_CORPORA,
  ...SROIE_CORPORA,
  ...SOFTMATIC_RECEIPTS_CORPORA,
  ...ODOO_MODELS_CORPORA,
  ...FETCHED_HYBRIDS_CORPORA,
];
const GROUPS: Record<string, string[]> = {
  generated: corpora.filter((corpus) => corpus.name.startsWith('generated-')).map((corpus) => corpus.name),
  independent: corpora.filter((corpus) => corpus.name.startsWith('independent-')).map((corpus) => corpus.name),
  shared: [...SHARED_CORPORA, ...ZUGFERD_PRINTED_CORPORA].map((corpus) => corpus.name),
  sroie: SROIE_CORPORA.map((corpus) => corpus.name),
  'softmatic-receipts': SOFTMATIC_RECEIPTS_CORPORA.map((corpus) => corpus.name),
  'odoo-models': ODOO_MODELS_CORPORA.map((corpus) => corpus.name),
  'einvoice-hybrids': FETCHED_HYBRIDS_CORPORA.map((corpus) => corpus.name),
  'zugferd-printed': ZUGFERD_PRINTED_CORPORA.map((corpus) => corpus.name),
};
const wanted = (options.corpus ?? []).flatMap((value) => value.split(',')).flatMap((name) => GROUPS[name] ?? [name]);
const unknown = wanted.filter((name) => !corpora.some((corpus) => corpus.name === name));
if (unknown.length > 0)
  throw new Error(
    `unknown corpus ${unknown.join(', ')}; known: ${corpora.map((corpus) => corpus.name).join(', ')}, ${Object.keys(GROUPS).join(', ')}`,
  );
const selected = wanted.length === 0 ? corpora : corpora.filter((corpus) => wanted.includes(corpus.name));

const describe = (
  sample: string,
  { field, outcome, expected, actual }: { field: string; outcome: string; expected: string | null; actual: string | null },
) => `  ${sample}: ${outcome.padEnd(7)} ${field}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;

const observations: Observation[] = [];

/** The corpus's documents, `workers` at a time: each OCR worker has a document to read. */
const runCorpus = async (corpus: Corpus, path: ExtractionPath): Promise<CorpusResult> => {
  const started = performance.now();
  const samples = (await corpus.load()).slice(from, limit ?? undefined);
  const results = new CorpusTally();
  let next = 0;
  const lane = async () => {
    while (next < samples.length) {
      const sample: BenchSample = samples[next++]!;
      try {
        const files = await sample.files();
        const outcome = await path.extract(files);
        const comparisons = sample.compare ? sample.compare(outcome.data) : compareAllFields(sample.expected, outcome.data);
        if (options.observe)
          observations.push(
            ...observationsOf(observedSourceOf(corpus.name, sample), sample.name, outcome.data, outcome.features, comparisons),
          );
        results.add(
          {
            name: sample.name,
            tags: sample.tags ?? {},
            milliseconds: outcome.milliseconds,
            pages: outcome.pages,
            ocrPages: outcome.ocrPages,
            error: null,
            conversionFailures: outcome.conversionFailures,
          },
          comparisons,
        );
        if (printsDocumentMisses(corpus.name, options.verbose))
          for (const comparison of comparisons.filter((found) => found.outcome !== 'right')) console.log(describe(sample.name, comparison));
      } catch (error) {
        results.add(
          {
            name: sample.name,
            tags: sample.tags ?? {},
            milliseconds: 0,
            pages: 0,
            ocrPages: 0,
            error: String(error),
            conversionFailures: [],
          },
          [],
        );
        console.error(`${corpus.name}: ${sample.name}: ${String(error)}`);
      }
      process.stderr.write(`\r${corpus.name}: ${results.documents.length}/${samples.length}`);
    }
  };
  await Promise.all(Array.from({ length: workers }, lane));
  process.stderr.write('\n');
  return results.result(corpus, (performance.now() - started) / 1000);
};

const machine = async () => {
  const cpuModel =
    (await readFile('/proc/cpuinfo', 'utf8').catch(() => '')).match(/model name\s*:\s*(.*)/)?.[1] ?? cpus()[0]?.model ?? 'unknown CPU';
  return {
    cores: cpus().length,
    cpu: cpuModel,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    freeGiB: Math.round(freemem() / 2 ** 30),
    node: process.version,
  };
};

const recognitionCacheDirectory = options['recognition-cache'];
const path = createExtractionPath({
  workers,
  recognitionCache: recognitionCacheDirectory ? openRecognitionCache(recognitionCacheDirectory) : null,
});
const startedAt = new Date();
const loadAtStart = loadavg();
const results: CorpusResult[] = [];
try {
  for (const corpus of selected) results.push(await runCorpus(corpus, path));
} finally {
  await path.stop();
}

const host = await machine();
const command = `npm run bench:accuracy${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
const wallMinutes = results.reduce((total, result) => total + result.wallSeconds, 0) / 60;
const header =
  `Date: ${startedAt.toISOString()}; machine: ${host.cores} cores (nproc), ${host.cpu}, ${host.memoryGiB} GiB RAM; Node ${host.node}; ` +
  `command: \`${command}\`; seed ${seed}, ${size} generated documents${limit ? `, the first ${limit} of each corpus` : ''}${from ? `, from the ${from}th on` : ''}; ` +
  `${workers} OCR worker(s); ${wallMinutes.toFixed(1)} minutes in all; load average (1/5/15 min) ${loadAtStart.map((load) => load.toFixed(1)).join(' ')} ` +
  `at the start, ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} at the end (the machine may be shared).`;
const byKind = tagTable(results);
const markdown = [
  header,
  '',
  corpusTable(results),
  '',
  'Per field: accuracy in %, then how many values were wrong (w), missing (m) and extra (x).',
  '',
  fieldTable(results),
  ...(byKind ? ['', 'By kind of document: accuracy of the fields other than line items, in % (documents).', '', byKind] : []),
].join('\n');
console.log(`\n${markdown}\n`);

const resultsDirectory = join(HERE, 'results');
await mkdir(resultsDirectory, { recursive: true });
const resultsFile = join(resultsDirectory, `${startedAt.toISOString().slice(0, 19).replace(/:/g, '-')}.json`);
await writeFile(
  resultsFile,
  `${JSON.stringify({ date: startedAt.toISOString(), machine: host, command, seed, size, limit, workers, corpora: results }, null, 1)}\n`,
);
console.log(`Results: ${resultsFile}`);
if (options.observe) {
  const observationsFile = resultsFile.replace(/\.json$/, '.observations.jsonl');
  await writeFile(observationsFile, observations.map((observation) => `${JSON.stringify(observation)}\n`).join(''));
  console.log(`Calibration observations (${observations.length}): ${observationsFile}`);
}

if (options['update-readme']) {
  const readme = await readFile(README, 'utf8');
  const [before, rest] = readme.split(README_START);
  const after = rest?.split(README_END)[1];
  if (before === undefined || after === undefined) throw new Error(`${README} has no ${README_START} … ${README_END} section to update`);
  await writeFile(README, `${before}${README_START}\n${markdown}\n${README_END}${after}`);
  console.log(`Updated ${README}`);
}
