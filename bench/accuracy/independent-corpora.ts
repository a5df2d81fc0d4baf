import type { BenchSample, Corpus, Target } from './bench-sample.js';
import { VARIANTS, type Variant } from './generator/generated-corpus.js';
import { independentCorpus, independentFiles, INDEPENDENT_SEED } from './independent-generator/independent-corpus.js';
import type { ExpectedFields } from './compare-fields.js';
import { expectedFieldsOf } from './judged-fields.js';

export const INDEPENDENT_CORPUS_SIZE = 320;

/**
 * How many documents to generate for a run read up to `limit`: the corpus's own size, or more when the run
 * reads beyond it (a new split, 320–399, by `--from 320 --limit 400`). Each document is seeded by its own
 * index, so documents 0–319 are the same whatever the size.
 */
export const independentCorpusSizeFor = (limit: number | null): number => Math.max(INDEPENDENT_CORPUS_SIZE, limit ?? 0);

const DESCRIPTIONS: Record<Variant, string> = {
  'born-digital': 'independently designed invoices and receipts, HTML printed to PDF by Chromium',
  scanned: "the same, scanned (the bench's generic degradation)",
  photographed: "the same, photographed (the bench's generic degradation)",
};

const TARGET: Record<Variant, Target> = {
  'born-digital': 'born-digital',
  scanned: 'scanned-or-photographed',
  photographed: 'scanned-or-photographed',
};

/**
 * Fields the generator does not model: its truth leaves them null whatever the page prints (a payment
 * instruction, "Bitte überweisen Sie …"; a Swiss UID printed as the VAT number, "MWST-Nr CHE-…"), so a
 * value read for them is neither right nor wrong: they are not judged, rather than judged as absent.
 */
const UNMODELLED_FIELDS = ['accounting_document.payment_method', 'sender_address.company_id', 'receiver_address.company_id'];

const withoutUnmodelledFields = (expected: ExpectedFields): ExpectedFields =>
  Object.fromEntries(Object.entries(expected).filter(([field]) => !UNMODELLED_FIELDS.includes(field)));

/**
 * The independent generator's corpus per variant. Tag `split` says whether a document's layout family
 * is held out (judged only, never looked at while fixing the extractor) or for tuning.
 */
export const independentCorpora = ({
  cacheDirectory,
  size = INDEPENDENT_CORPUS_SIZE,
}: {
  cacheDirectory: string;
  size?: number;
}): Corpus[] =>
  VARIANTS.map((variant) => ({
    name: `independent-${variant}`,
    description: DESCRIPTIONS[variant],
    target: TARGET[variant],
    load: async (): Promise<BenchSample[]> =>
      independentCorpus(INDEPENDENT_SEED, size).map((document) => ({
        name: document.id,
        expected: withoutUnmodelledFields(expectedFieldsOf(document.truth)),
        files: () => independentFiles(document, variant, INDEPENDENT_SEED, cacheDirectory),
        tags: {
          split: document.heldOut ? 'held-out' : 'tuning',
          family: document.family,
          language: document.facts.locale.language,
          country: document.facts.locale.country,
        },
      })),
  }));
