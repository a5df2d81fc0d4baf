import type { BenchSample, Corpus, Target } from './bench-sample.js';
import { generateCorpus, variantFiles, VARIANTS, type GeneratedDocument, type Variant } from './generator/generated-corpus.js';
import { expectedFieldsOf } from './judged-fields.js';

export interface GenerationOptions {
  seed: number;
  size: number;
  /** Where made files are kept between runs. */
  cacheDirectory: string;
}

const DESCRIPTIONS: Record<Variant, string> = {
  'born-digital': 'generated invoices and receipts, PDFs with text layers',
  scanned: 'the same, scanned: 200-300 dpi, noise, blur, 0.5-3° skew, JPEG/PNG/PDF',
  photographed: 'the same, photographed: on a background, sheared and turned 1-4°, unevenly lit, 160-240 dpi JPEG',
};

const TARGET: Record<Variant, Target> = {
  'born-digital': 'born-digital',
  scanned: 'scanned-or-photographed',
  photographed: 'scanned-or-photographed',
};

/** The kind of document and layout, for accuracy by kind. */
const tagsOf = ({ content: { kind, profile }, layout }: GeneratedDocument): Record<string, string> => ({
  kind,
  language: profile.language,
  numbers: profile.numbers,
  dates: profile.dates,
  currency: profile.currency,
  'currency shown': profile.currencyStyle,
  ...(layout.kind === 'invoice'
    ? {
        receiver: layout.receiverAt,
        'sender address': `${layout.senderAddressIn}, letterhead ${layout.letterhead}`,
        meta: layout.meta,
        font: layout.font,
      }
    : { 'receipt width': `${layout.widthMm} mm`, font: layout.font }),
});

/** The generated corpus in each variant: the same documents and truth, made once per seed and cached. */
export const generatedCorpora = ({ seed, size, cacheDirectory }: GenerationOptions): Corpus[] =>
  VARIANTS.map((variant) => ({
    name: `generated-${variant}`,
    description: DESCRIPTIONS[variant],
    target: TARGET[variant],
    load: async (): Promise<BenchSample[]> =>
      generateCorpus(seed, size).map((document) => ({
        name: document.id,
        expected: expectedFieldsOf(document.truth),
        files: () => variantFiles(document, variant, seed, cacheDirectory),
        tags: tagsOf(document),
      })),
  }));
