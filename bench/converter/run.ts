/**
 * What converting a page costs, per output, for a born-digital PDF and a scanned image: page raster
 * (render, prepare: deskew, lighting, enlargement, despeckling; PNG), preview, thumbnail, searchable-PDF page with its text layer, signing per
 * document, and OCR of the same page for comparison. Run: npm run bench:converter [-- --runs 5]
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { RecognizedWord } from '../../contracts/events/page-words.js';
import { toPageFractions } from '../../shared/files/page-words-blob.js';
import { createLogger } from '../../shared/logging/logger.js';
import {
  buildEnhancedPdf,
  ConverterConfig,
  createPdfRenderer,
  createPdfSigner,
  encodePagePng,
  type EnhancedPdfPage,
  type SourcePageRaster,
  prepareImagePage,
  preparePdfPage,
  renderImagePages,
  type RenderLimits,
  renderPdfPages,
  scaledCopy,
} from '../../services/converter/index.js';
import { createSelfSignedP12 } from '../../shared/signing/self-signed-identity.js';
import { createSecondReader, createTesseractRecognizer, ExtractorConfig } from '../../services/extractor/index.js';
import { corpusPath } from '../../harness/corpora.js';

const run = promisify(execFile);
const loadAtStart = loadavg();
const runsArgument = process.argv.indexOf('--runs');
const RUNS = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : 3;
const config = ConverterConfig.parse({});
const limits: RenderLimits = { maxPages: config.CONVERT_MAX_PAGES, maxPixels: config.CONVERT_MAX_PIXELS, dpi: config.CONVERT_OCR_DPI };
const renderer = createPdfRenderer(config.CONVERT_PDF_RENDERER, config.CONVERT_PAGE_TIMEOUT_MS);
const BORN_DIGITAL_PDF = corpusPath('invoice2data/tests/compare/QualityHosting.pdf');
const SCANNED_FROM = corpusPath('invoice2data/tests/compare/NetpresseInvoice.pdf');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
};

/** A scanner's page: the stand-in rendered at 300 dpi, turned 1.5° and saved as JPEG, so deskewing has work to do. */
const scannedImage = async (): Promise<Buffer> => {
  const { stdout } = await run('pdftoppm', ['-png', '-r', '300', '-f', '1', '-l', '1', SCANNED_FROM], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  return sharp(stdout).rotate(1.5, { background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
};

interface PageCosts {
  render: number;
  prepare: number;
  png: number;
  preview: number;
  thumbnail: number;
  pngBytes: number;
  previewBytes: number;
}

/** Each output of each page of one file, timed one after another as the converter makes them. */
const convertPages = async <Page extends SourcePageRaster>(
  pages: AsyncGenerator<Page>,
  prepare: (page: Page) => Promise<SourcePageRaster>,
) => {
  const costs: PageCosts[] = [];
  const rasters: Array<{ raster: SourcePageRaster; png: Buffer }> = [];
  for (;;) {
    const [next, render] = await timed(() => pages.next());
    if (next.done) break;
    const [raster, prepareMs] = await timed(() => prepare(next.value));
    const [png, pngMs] = await timed(() => encodePagePng(raster));
    const [preview, previewMs] = await timed(() => scaledCopy(raster, config.PREVIEW_WIDTH_PX));
    const [, thumbnail] = raster.sourcePage === 1 ? await timed(() => scaledCopy(raster, config.THUMBNAIL_WIDTH_PX)) : [null, 0];
    costs.push({
      render,
      prepare: prepareMs,
      png: pngMs,
      preview: previewMs,
      thumbnail,
      pngBytes: png.length,
      previewBytes: preview.length,
    });
    rasters.push({ raster, png });
  }
  return { costs, rasters };
};

const sum = (costs: PageCosts[], key: keyof PageCosts) => costs.reduce((total, cost) => total + cost[key], 0);

interface InputResult {
  pages: number;
  perPage: Record<keyof PageCosts, number>;
  enhancedPerPage: number;
  enhancedBytesPerPage: number;
  signing: number;
  signedExtraBytes: number;
  ocrPerPage: number | null;
}

const logger = createLogger('bench', 'silent');
const signer = createPdfSigner({ p12: await createSelfSignedP12('bench'), passphrase: 'bench' });

const measure = async <Page extends SourcePageRaster>(
  name: string,
  pagesOf: () => AsyncGenerator<Page>,
  prepare: (page: Page) => Promise<SourcePageRaster>,
  pdfPage: (raster: SourcePageRaster, png: Buffer, pageIndex: number) => Promise<EnhancedPdfPage>,
  ocr: ((png: Buffer) => Promise<unknown>) | null,
): Promise<InputResult> => {
  const runs: InputResult[] = [];
  for (let attempt = 0; attempt < RUNS; attempt++) {
    const { costs, rasters } = await convertPages(pagesOf(), prepare);
    const enhancedPages = await Promise.all(rasters.map(({ raster, png }, index) => pdfPage(raster, png, index)));
    const [enhanced, enhancedMs] = await timed(() =>
      buildEnhancedPdf(enhancedPages, { sourcePdf: () => readFile(BORN_DIGITAL_PDF), dpi: config.CONVERT_OCR_DPI }),
    );
    const [signed, signing] = await timed(() => signer.sign(enhanced.pdf, new Date()));
    const [, ocrMs] = ocr ? await timed(() => ocr(rasters[0]!.png)) : [null, Number.NaN];
    const pages = costs.length;
    const keys = ['render', 'prepare', 'png', 'preview', 'thumbnail', 'pngBytes', 'previewBytes'] as const;
    runs.push({
      pages,
      perPage: Object.fromEntries(keys.map((key) => [key, sum(costs, key) / (key === 'thumbnail' ? 1 : pages)])) as InputResult['perPage'],
      enhancedPerPage: enhancedMs / pages,
      enhancedBytesPerPage: enhanced.pdf.length / pages,
      signing,
      signedExtraBytes: signed.length - enhanced.pdf.length,
      ocrPerPage: ocr ? ocrMs : null,
    });
    process.stderr.write(`${name}: run ${attempt + 1}/${RUNS} done\n`);
  }
  const mid = (pick: (result: InputResult) => number) => median(runs.map(pick));
  const keys = Object.keys(runs[0]!.perPage) as Array<keyof PageCosts>;
  return {
    pages: runs[0]!.pages,
    perPage: Object.fromEntries(keys.map((key) => [key, mid((result) => result.perPage[key])])) as InputResult['perPage'],
    enhancedPerPage: mid((result) => result.enhancedPerPage),
    enhancedBytesPerPage: mid((result) => result.enhancedBytesPerPage),
    signing: mid((result) => result.signing),
    signedExtraBytes: mid((result) => result.signedExtraBytes),
    ocrPerPage: ocr ? mid((result) => result.ocrPerPage!) : null,
  };
};

const bornDigitalBytes = await readFile(BORN_DIGITAL_PDF);
const scanBytes = await scannedImage();
const bornDigital = await measure(
  'born-digital PDF',
  () => renderPdfPages(bornDigitalBytes, limits, renderer),
  (page) => preparePdfPage(page),
  async (raster, png, index) => ({
    original: { sourceIndex: 0, sourcePage: index + 1 },
    widthPx: raster.widthPx,
    heightPx: raster.heightPx,
    image: async () => png,
    words: async () => [],
  }),
  null,
);
// Before OCR loads its language models: what converting alone holds.
const convertingPeakRssMb = process.resourceUsage().maxRSS / 1024;

const extractor = ExtractorConfig.parse({});
const tesseract = createTesseractRecognizer({
  languages: extractor.OCR_LANGUAGES,
  workers: 1,
  workDir: join(tmpdir(), 'kontor-bench-ocr'),
  logger,
  lineReader: createSecondReader(extractor.OCR_SECOND_READER),
  pageBudgetMs: extractor.OCR_PAGE_BUDGET_SECONDS * 1000,
});
// OCR's start-up (loading four language models) is not a per-page cost.
await tesseract.recognize(
  await sharp({ create: { width: 100, height: 100, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer(),
);
const ocrWords = new Map<number, RecognizedWord[]>();
const scanned = await measure(
  'scanned image',
  () => renderImagePages(scanBytes, limits),
  (page) => prepareImagePage(page, limits),
  async (raster, png, index) => {
    if (!ocrWords.has(index)) {
      const result = await tesseract.recognize(png);
      ocrWords.set(
        index,
        result.words.map((word) => ({
          text: word.text,
          box: toPageFractions(word, raster.widthPx, raster.heightPx),
          confidence: word.confidence,
        })),
      );
    }
    return {
      original: null,
      widthPx: raster.widthPx,
      heightPx: raster.heightPx,
      image: async () => png,
      words: async () => ocrWords.get(index)!,
    };
  },
  (png) => tesseract.recognize(png),
);
await tesseract.stop();

const ms = (value: number | null) => (value === null ? '–' : value.toFixed(0));
const kb = (value: number) => `${(value / 1024).toFixed(0)} KB`;
const rows: Array<[string, (result: InputResult) => string]> = [
  ['page raster, total (render + prepare + PNG)', (r) => ms(r.perPage.render + r.perPage.prepare + r.perPage.png)],
  [`  render (${renderer.name} 300 dpi / image decode)`, (r) => ms(r.perPage.render)],
  [
    '  prepare (find a photo’s sheet; deskew; even lighting; enlarge small text; stretch faded print; despeckle and clear dust off a scan)',
    (r) => ms(r.perPage.prepare),
  ],
  ['  PNG encode', (r) => ms(r.perPage.png)],
  [`preview (JPEG ${config.PREVIEW_WIDTH_PX} px)`, (r) => ms(r.perPage.preview)],
  [`thumbnail (JPEG ${config.THUMBNAIL_WIDTH_PX} px, first page only)`, (r) => ms(r.perPage.thumbnail)],
  ['searchable PDF page with text layer', (r) => ms(r.enhancedPerPage)],
  ['signing, per document', (r) => ms(r.signing)],
  ['OCR of the page (extractor, for comparison)', (r) => ms(r.ocrPerPage)],
  ['page raster PNG size', (r) => kb(r.perPage.pngBytes)],
  ['preview size', (r) => kb(r.perPage.previewBytes)],
  ['searchable PDF size per page', (r) => kb(r.enhancedBytesPerPage)],
  ['signature adds', (r) => kb(r.signedExtraBytes)],
];
const cpuModel = (await readFile('/proc/cpuinfo', 'utf8')).match(/model name\s*:\s*(.*)/)?.[1] ?? cpus()[0]?.model;
process.stdout.write(
  [
    `Date: ${new Date().toISOString()}; machine: ${cpus().length} cores (nproc), ${cpuModel}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM ` +
      `(${(freemem() / 2 ** 30).toFixed(0)} GiB free); load average (1/5/15 min) ${loadAtStart.map((value) => value.toFixed(1)).join(' ')} at the start, ` +
      `${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} at the end; ` +
      `Node ${process.version}; median of ${RUNS} runs. Peak RSS: ${convertingPeakRssMb.toFixed(0)} MB before OCR is loaded (making the inputs, converting the PDF), ` +
      `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB in all (OCR with four languages included).`,
    '',
    `| ms per page unless said | born-digital PDF (${bornDigital.pages} A4 pages) | scanned image (${scanned.pages} page, 2480x3508 JPEG, 1.5° skew) |`,
    '|---|---:|---:|',
    ...rows.map(([label, value]) => `| ${label} | ${value(bornDigital)} | ${value(scanned)} |`),
    '',
  ].join('\n'),
);
