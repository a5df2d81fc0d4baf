import type { BenchSample, Corpus, Target } from './bench-sample.js';
import { VARIANTS, type Variant } from './generator/generated-corpus.js';
import { independentCorpus, independentFiles, INDEPENDENT_SEED } from './independent-generator/independent-corpus.js';
import { expectedFieldsOf } from './judged-fields.js';

export const INDEPENDENT_CORPUS_SIZE = 140;

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
        expected: expectedFieldsOf(document.truth),
        files: () => independentFiles(document, variant, INDEPENDENT_SEED, cacheDirectory),
        tags: {
          split: document.heldOut ? 'held-out' : 'tuning',
          family: document.family,
          language: document.facts.locale.language,
          country: document.facts.locale.country,
        },
      })),
  }));
