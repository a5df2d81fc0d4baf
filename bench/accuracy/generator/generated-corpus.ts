import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { ExtractedData } from '../../../contracts/events/extracted-data.js';
import { mimeTypeOf, type SourceFile } from '../bench-sample.js';
import { createPdfiumRenderer, renderPages } from '../../../services/converter/index.js';
import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { photographPage, scanPage, type DegradedPage } from './degrade-page.js';
import { generateContent, type DocumentContent } from './document-content.js';
import { groundTruthOf } from './ground-truth.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { generateInvoiceLayout, generateReceiptLayout, type DocumentLayout } from './layout.js';
import { renderReceiptPdf } from './receipt-pdf.js';
import { SeededRandom } from './seeded-random.js';

/** Bump whenever the same seed would give other documents or files: cached files of older versions are not reused. */
export const GENERATOR_VERSION = 1;
export const DEFAULT_SEED = 20260312;
export const DEFAULT_CORPUS_SIZE = 240;

/** One generated document: what it says, how it is laid out, and what an extractor should read from it. */
export interface GeneratedDocument {
  id: string;
  index: number;
  content: DocumentContent;
  layout: DocumentLayout;
  truth: ExtractedData;
}

// Independent streams per purpose, so a change in how pages are degraded leaves the documents themselves alone.
const STREAM = { content: 0, layout: 1, render: 2, scan: 3, photo: 4 } as const;

export const generateDocument = (seed: number, index: number): GeneratedDocument => {
  const content = generateContent(SeededRandom.forDocument(seed, index, STREAM.content), '');
  const id = `g${String(index).padStart(3, '0')}-${content.kind}-${content.profile.country}-${content.profile.language}`;
  const layoutRandom = SeededRandom.forDocument(seed, index, STREAM.layout);
  const layout = content.kind === 'invoice' ? generateInvoiceLayout(layoutRandom, content) : generateReceiptLayout(layoutRandom);
  return { id, index, content: { ...content, id }, layout, truth: groundTruthOf(content, layout) };
};

/** The documents of a corpus, without their files (cheap: no rendering). */
export const generateCorpus = (seed: number, size: number): GeneratedDocument[] =>
  Array.from({ length: size }, (_, index) => generateDocument(seed, index));

export const renderBornDigital = (document: GeneratedDocument, seed: number): Promise<Buffer> => {
  const random = SeededRandom.forDocument(seed, document.index, STREAM.render);
  return document.layout.kind === 'invoice'
    ? renderInvoicePdf(document.content, document.layout, random)
    : renderReceiptPdf(document.content, document.layout, random);
};

export const VARIANTS = ['born-digital', 'scanned', 'photographed'] as const;
export type Variant = (typeof VARIANTS)[number];

const RASTER_LIMITS = { maxPages: 20, maxPixels: 100_000_000 };
// Its worker thread does not keep the process alive once the corpus is made.
const pdfRenderer = createPdfiumRenderer({ timeoutMs: 60_000 });

const rastersOf = async (pdf: Buffer, dpi: number): Promise<PageRaster[]> => {
  const pages: PageRaster[] = [];
  for await (const page of renderPages(pdf, 'application/pdf', { ...RASTER_LIMITS, dpi }, pdfRenderer)) pages.push(page);
  return pages;
};

/** A scanned PDF: each page image at its scan resolution, no text layer. */
const imagePdf = async (pages: DegradedPage[], dpi: number): Promise<Buffer> => {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  for (const page of pages) {
    const image = page.format === 'png' ? await pdf.embedPng(page.bytes) : await pdf.embedJpg(page.bytes);
    const [width, height] = [(image.width / dpi) * 72, (image.height / dpi) * 72];
    pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
};

/**
 * The files of a paper variant, made from the born-digital PDF; file names carry page and type. Generic
 * (pixels only, nothing of the layout): the independent generator makes its paper variants through it too,
 * by way of `cachedPaperVariant`.
 */
const makePaperVariant = async (
  documentIndex: number,
  variant: Exclude<Variant, 'born-digital'>,
  pdf: Buffer,
  seed: number,
): Promise<{ name: string; bytes: Buffer }[]> => {
  if (variant === 'scanned') {
    const random = SeededRandom.forDocument(seed, documentIndex, STREAM.scan);
    const dpi = random.pick([200, 240, 300]);
    const rasters = await rastersOf(pdf, dpi);
    const container =
      rasters.length > 1
        ? 'pdf'
        : random.weighted<'pdf' | 'jpg' | 'png'>([
            ['pdf', 40],
            ['jpg', 40],
            ['png', 20],
          ]);
    const pages: DegradedPage[] = [];
    for (const raster of rasters) pages.push(await scanPage(raster, random, container === 'png' ? 'png' : 'jpeg'));
    if (container === 'pdf') return [{ name: 'scanned-1.pdf', bytes: await imagePdf(pages, dpi) }];
    return [{ name: `scanned-1.${container}`, bytes: pages[0]!.bytes }];
  }
  const random = SeededRandom.forDocument(seed, documentIndex, STREAM.photo);
  const files: { name: string; bytes: Buffer }[] = [];
  for (const [index, raster] of (await rastersOf(pdf, 250)).entries())
    files.push({ name: `photographed-${index + 1}.jpg`, bytes: (await photographPage(raster, random)).bytes });
  return files;
};

const BORN_DIGITAL = 'born-digital-1.pdf';

/**
 * A document's cache directory holds its files only while its truth and its born-digital PDF are the
 * ones the generator makes now: a change that forgot to bump GENERATOR_VERSION makes them again rather
 * than scoring old files against a new truth. (Rendering the PDF to compare is cheap; the paper
 * variants made from it are not.)
 */
const openCache = async (directory: string, truth: string, pdf: Buffer): Promise<void> => {
  const [cachedTruth, cachedPdf] = await Promise.all([
    readFile(join(directory, 'truth.json'), 'utf8').catch(() => null),
    readFile(join(directory, BORN_DIGITAL)).catch(() => null),
  ]);
  if (cachedTruth === truth && cachedPdf?.equals(pdf)) return;
  await rm(directory, { recursive: true, force: true });
  await mkdir(directory, { recursive: true });
  await writeFile(join(directory, BORN_DIGITAL), pdf);
  await writeFile(join(directory, 'truth.json'), truth);
};

/**
 * The files of a document's variant, made once and kept under `cacheDirectory` (per generator version
 * and seed), so later runs only read them. Several files for a photographed document of several pages,
 * one photo each, as a client would send them. A paper variant counts as made once its list of files is
 * written, after the files: an interrupted run leaves nothing that passes for a whole variant.
 */
export const variantFiles = async (
  document: GeneratedDocument,
  variant: Variant,
  seed: number,
  cacheDirectory: string,
): Promise<SourceFile[]> => {
  const directory = join(cacheDirectory, `v${GENERATOR_VERSION}-seed${seed}`, document.id);
  const pdf = await renderBornDigital(document, seed);
  await openCache(directory, `${JSON.stringify(document.truth, null, 2)}\n`, pdf);
  if (variant === 'born-digital') return [{ name: BORN_DIGITAL, bytes: pdf, mimeType: 'application/pdf' }];
  return cachedPaperVariant(directory, document.index, variant, pdf, seed);
};

/**
 * The scanned or photographed files of a born-digital PDF, made once and kept in `directory` beside it
 * (the list of their names is written last, so an interrupted run makes them again).
 */
export const cachedPaperVariant = async (
  directory: string,
  index: number,
  variant: Exclude<Variant, 'born-digital'>,
  pdf: Buffer,
  seed: number,
): Promise<SourceFile[]> => {
  const listFile = join(directory, `${variant}.json`);
  let names = await readFile(listFile, 'utf8')
    .then((list) => JSON.parse(list) as string[])
    .catch(() => null);
  if (names === null) {
    const files = await makePaperVariant(index, variant, pdf, seed);
    for (const file of files) await writeFile(join(directory, file.name), file.bytes);
    names = files.map((file) => file.name);
    await writeFile(`${listFile}.tmp`, JSON.stringify(names));
    await rename(`${listFile}.tmp`, listFile);
  }
  return Promise.all(names.map(async (name) => ({ name, bytes: await readFile(join(directory, name)), mimeType: mimeTypeOf(name)! })));
};
