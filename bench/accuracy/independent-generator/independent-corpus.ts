import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExtractedData } from '../../../contracts/events/extracted-data.js';
import type { SourceFile } from '../bench-sample.js';
import { cachedPaperVariant, type Variant } from '../generator/generated-corpus.js';
import { SeededRandom } from '../generator/seeded-random.js';
import { generateFacts, type Facts } from './facts.js';
import { isHeldOut, renderHtml, type Family } from './families.js';
import { printPdf } from './print-pdf.js';
import { generateStyle, type Style } from './style.js';
import { truthOf } from './truth.js';

/**
 * The independent generator's corpus: documents cycle through the layout families (so every family is
 * equally represented at any --limit), each with its own seeded facts and style.
 */

export const INDEPENDENT_GENERATOR_VERSION = 1;
export const INDEPENDENT_SEED = 7_301_955;

const FAMILY_CYCLE: readonly Family[] = ['band', 'key-value-right', 'letterhead', 'footer-sender', 'boxed-grid', 'swiss', 'slip'];

export interface IndependentDocument {
  id: string;
  index: number;
  family: Family;
  heldOut: boolean;
  facts: Facts;
  style: Style;
  truth: ExtractedData;
}

const STREAM = { facts: 11, style: 12 } as const;

export const independentDocument = (seed: number, index: number): IndependentDocument => {
  const family = FAMILY_CYCLE[index % FAMILY_CYCLE.length]!;
  const receipt = family === 'slip';
  const facts = generateFacts(SeededRandom.forDocument(seed, index, STREAM.facts), receipt ? 'receipt' : 'invoice', family === 'swiss');
  const style = generateStyle(SeededRandom.forDocument(seed, index, STREAM.style), facts, receipt);
  const id = `i${String(index).padStart(3, '0')}-${family}-${facts.locale.country}-${facts.locale.language}`;
  return { id, index, family, heldOut: isHeldOut(family), facts, style, truth: truthOf(facts, style, receipt) };
};

export const independentCorpus = (seed: number, size: number): IndependentDocument[] =>
  Array.from({ length: size }, (_, index) => independentDocument(seed, index));

const BORN_DIGITAL = 'born-digital-1.pdf';

/**
 * The born-digital PDF, printed once per page HTML and kept (Chromium's PDFs carry a creation time, so
 * the HTML decides freshness; the paper variants made from it go with it). The truth is written beside it.
 */
const bornDigital = async (document: IndependentDocument, directory: string): Promise<Buffer> => {
  const html = renderHtml(document.family, document.facts, document.style);
  const [cachedHtml, cachedPdf] = await Promise.all([
    readFile(join(directory, 'page.html'), 'utf8').catch(() => null),
    readFile(join(directory, BORN_DIGITAL)).catch(() => null),
  ]);
  if (cachedHtml !== html || !cachedPdf) {
    await rm(directory, { recursive: true, force: true });
    await mkdir(directory, { recursive: true });
    await writeFile(join(directory, BORN_DIGITAL), await printPdf(html, document.family === 'slip' ? 80 : null));
    await writeFile(join(directory, 'page.html'), html);
  }
  await writeFile(join(directory, 'truth.json'), `${JSON.stringify(document.truth, null, 2)}\n`);
  return readFile(join(directory, BORN_DIGITAL));
};

/** A document's files in a variant, made once under `cacheDirectory`; paper variants through the bench's generic degradation. */
export const independentFiles = async (
  document: IndependentDocument,
  variant: Variant,
  seed: number,
  cacheDirectory: string,
): Promise<SourceFile[]> => {
  const directory = join(cacheDirectory, `independent-v${INDEPENDENT_GENERATOR_VERSION}-seed${seed}`, document.id);
  const pdf = await bornDigital(document, directory);
  if (variant === 'born-digital') return [{ name: BORN_DIGITAL, bytes: pdf, mimeType: 'application/pdf' }];
  return cachedPaperVariant(directory, document.index, variant, pdf, seed);
};
