/**
 * PDF renderers side by side on real PDFs: ms per page at the OCR resolution (300 dpi) and at preview
 * size (1000 px wide), pixel difference from pdf2pic's (Ghostscript's) rendering, and OCR of a scanned
 * PDF's page (word recall against the text of the PDF it was made from). Renderers: the adapters
 * (PDFium, pdf2pic where gm and gs are installed), pdf.js with @napi-rs/canvas, and, when installed
 * (`npm install --no-save mupdf @hyzyla/pdfium`), MuPDF's and another PDFium WebAssembly build.
 * Run: npm run bench:renderers [-- --runs 3]
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from '../../shared/files/pdfjs.js';
import sharp from 'sharp';
import { createPdf2picRenderer, createPdfiumRenderer, missingPrograms, type RenderedPdfPage } from '../../services/converter/index.js';
import { corpusPath } from '../../harness/corpora.js';

const run = promisify(execFile);
const runsArgument = process.argv.indexOf('--runs');
const RUNS = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : 2;
const OCR_DPI = 300;
const PREVIEW_WIDTH_PX = 1000;
const loadAtStart = loadavg();

const PDFS = [
  'invoice2data/tests/compare/QualityHosting.pdf',
  'invoice2data/tests/compare/AmazonWebServices.pdf',
  'invoice2data/tests/compare/FlipkartInvoice.pdf',
  'invoice2data/tests/compare/coolblue1.pdf',
  'invoice2data/tests/compare/free_fiber.pdf',
  'qrbill/smartive-decoder/tests/data/full.pdf',
].map(corpusPath);

/** A scanner's PDF: page 1 of a real invoice at 200 dpi, grey, as JPEG q75, on an A4 page (the text comes with it as truth). */
const scannedPdf = async (from: string) => {
  const { stdout } = await run('pdftoppm', ['-r', '200', '-gray', '-png', '-f', '1', '-l', '1', from], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  const jpeg = await sharp(stdout).jpeg({ quality: 75 }).toBuffer();
  const document = await PDFDocument.create();
  const page = document.addPage([595.28, 841.89]);
  page.drawImage(await document.embedJpg(jpeg), { x: 0, y: 0, width: 595.28, height: 841.89 });
  const { stdout: text } = await run('pdftotext', ['-f', '1', '-l', '1', from, '-']);
  return { pdf: Buffer.from(await document.save()), text };
};

/** What every renderer is asked: open a PDF, then draw its pages at a resolution. */
interface Candidate {
  name: string;
  open(pdf: Buffer): Promise<{
    pageCount: number;
    widthPt(page: number): number;
    render(page: number, dpi: number): Promise<RenderedPdfPage>;
    close(): Promise<void>;
  }>;
}

const adapter = (name: string, renderer: ReturnType<typeof createPdfiumRenderer>): Candidate => ({
  name,
  async open(pdf) {
    const opened = await renderer.open(pdf);
    return {
      pageCount: opened.pages.length,
      widthPt: (page) => opened.pages[page - 1]!.widthPt,
      render: (page, dpi) => opened.render(page, dpi),
      close: () => opened.close(),
    };
  },
});

const rgbOf = async (data: Uint8Array | Uint8ClampedArray, width: number, height: number, channels: 3 | 4): Promise<RenderedPdfPage> => ({
  pixels: await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels } })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer(),
  widthPx: width,
  heightPx: height,
});

/** pdf.js's factory for @napi-rs/canvas canvases in Node. */
interface CanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: { width: number; height: number };
    context: { getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } };
  };
}

const pdfJs: Candidate = {
  name: 'pdf.js + @napi-rs/canvas',
  async open(pdf) {
    const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
    const widths: number[] = [];
    for (let page = 1; page <= document.numPages; page++) widths.push((await document.getPage(page)).getViewport({ scale: 1 }).width);
    return {
      pageCount: document.numPages,
      widthPt: (page) => widths[page - 1]!,
      async render(page, dpi) {
        const pdfPage = await document.getPage(page);
        const viewport = pdfPage.getViewport({ scale: dpi / 72 });
        const { canvas, context } = (document.canvasFactory as CanvasFactory).create(
          Math.round(viewport.width),
          Math.round(viewport.height),
        );
        await pdfPage.render({ canvasContext: context, viewport, canvas } as Parameters<typeof pdfPage.render>[0]).promise;
        return rgbOf(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height, 4);
      },
      close: () => document.destroy(),
    };
  },
};

/** Packages measured when installed, without being dependencies of the project. */
const optional = async (name: string) => import(name).catch(() => null);

const muPdf = async (): Promise<Candidate | null> => {
  const mupdf = await optional('mupdf');
  if (!mupdf) return null;
  return {
    name: 'MuPDF (mupdf, AGPL)',
    async open(pdf) {
      const document = mupdf.Document.openDocument(pdf, 'application/pdf');
      return {
        pageCount: document.countPages(),
        widthPt: (page) =>
          (document.loadPage(page - 1).getBounds() as number[])[2]! - (document.loadPage(page - 1).getBounds() as number[])[0]!,
        async render(page, dpi) {
          const pixmap = document
            .loadPage(page - 1)
            .toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false, true);
          const rendered = { pixels: Buffer.from(pixmap.getPixels()), widthPx: pixmap.getWidth(), heightPx: pixmap.getHeight() };
          pixmap.destroy();
          return rendered;
        },
        close: async () => document.destroy(),
      };
    },
  };
};

const hyzylaPdfium = async (): Promise<Candidate | null> => {
  const module = await optional('@hyzyla/pdfium');
  if (!module) return null;
  const library = await module.PDFiumLibrary.init();
  return {
    name: 'PDFium (@hyzyla/pdfium, main thread)',
    async open(pdf) {
      const document = await library.loadDocument(pdf);
      return {
        pageCount: document.getPageCount(),
        widthPt: (page) => document.getPage(page - 1).getOriginalSize().originalWidth,
        async render(page, dpi) {
          const rendered = await document.getPage(page - 1).render({ scale: dpi / 72, render: 'bitmap' });
          return rgbOf(rendered.data, rendered.width, rendered.height, 4);
        },
        close: async () => document.destroy(),
      };
    },
  };
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Mean absolute grey difference (0–255) and the share of pixels more than 64 apart, over the area both pages cover. */
const difference = (a: RenderedPdfPage, b: RenderedPdfPage) => {
  const [width, height] = [Math.min(a.widthPx, b.widthPx), Math.min(a.heightPx, b.heightPx)];
  let [sum, far] = [0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [i, j] = [(y * a.widthPx + x) * 3, (y * b.widthPx + x) * 3];
      const delta = Math.abs(a.pixels[i]! + a.pixels[i + 1]! + a.pixels[i + 2]! - b.pixels[j]! - b.pixels[j + 1]! - b.pixels[j + 2]!) / 3;
      sum += delta;
      if (delta > 64) far++;
    }
  }
  return { mean: sum / (width * height), farShare: far / (width * height) };
};

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3);
/** Share of the truth's words (with repeats) that OCR of the page found. */
const recall = (truth: string, read: string) => {
  const found = new Map<string, number>();
  for (const word of words(read)) found.set(word, (found.get(word) ?? 0) + 1);
  const expected = words(truth);
  let hits = 0;
  for (const word of expected) {
    const left = found.get(word) ?? 0;
    if (left > 0) {
      hits++;
      found.set(word, left - 1);
    }
  }
  return hits / expected.length;
};

const ocr = async (page: RenderedPdfPage) => {
  const png = await sharp(page.pixels, { raw: { width: page.widthPx, height: page.heightPx, channels: 3 } })
    .withMetadata({ density: OCR_DPI })
    .png()
    .toBuffer();
  const child = run('tesseract', ['stdin', 'stdout', '-l', 'fra+eng'], {
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
  });
  child.child.stdin!.end(png);
  return (await child).stdout;
};

const gsAndGm = (await missingPrograms(['gm', 'gs'])).length === 0;
const candidates: Candidate[] = [
  adapter('PDFium (@embedpdf/pdfium, worker thread: the default)', createPdfiumRenderer({ timeoutMs: 120_000 })),
  ...(gsAndGm ? [adapter('pdf2pic (GraphicsMagick + Ghostscript)', createPdf2picRenderer({ timeoutMs: 120_000 }))] : []),
  pdfJs,
  ...[await muPdf(), await hyzylaPdfium()].filter((candidate): candidate is Candidate => candidate !== null),
];
const reference = candidates.find((candidate) => candidate.name.startsWith('pdf2pic'));
const scan = await scannedPdf(corpusPath('invoice2data/tests/compare/NetpresseInvoice.pdf'));
const canOcr = (await missingPrograms(['tesseract'])).length === 0;

interface Figures {
  ocrMs: number[];
  previewMs: number[];
  meanDifference: number[];
  farShare: number[];
  recall: number | null;
  pages: number;
}
const figures = new Map<string, Figures>(
  candidates.map((candidate) => [candidate.name, { ocrMs: [], previewMs: [], meanDifference: [], farShare: [], recall: null, pages: 0 }]),
);
const referencePages = new Map<string, RenderedPdfPage>();

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
};

const inputs = [
  ...(await Promise.all(PDFS.map(async (path) => ({ name: basename(path), pdf: await readFile(path) })))),
  { name: 'scanned Netpresse (200 dpi JPEG)', pdf: scan.pdf },
];
// The reference first, so every other renderer is compared with its pages.
for (const candidate of reference ? [reference, ...candidates.filter((other) => other !== reference)] : candidates) {
  const figure = figures.get(candidate.name)!;
  // Warm-up: loading WebAssembly, compiling, starting threads.
  const warm = await candidate.open(inputs[0]!.pdf);
  await warm.render(1, 72);
  await warm.close();
  for (const { name, pdf } of inputs) {
    const document = await candidate.open(pdf);
    for (let page = 1; page <= document.pageCount; page++) {
      const ocrTimes: number[] = [];
      const previewTimes: number[] = [];
      let rendered: RenderedPdfPage | null = null;
      for (let attempt = 0; attempt < RUNS; attempt++) {
        const [atOcrDpi, ocrMs] = await timed(() => document.render(page, OCR_DPI));
        const [, previewMs] = await timed(() => document.render(page, (PREVIEW_WIDTH_PX * 72) / document.widthPt(page)));
        [rendered, ocrTimes[attempt], previewTimes[attempt]] = [atOcrDpi, ocrMs, previewMs];
      }
      figure.ocrMs.push(median(ocrTimes));
      figure.previewMs.push(median(previewTimes));
      figure.pages++;
      const key = `${name}#${page}`;
      if (candidate === reference) referencePages.set(key, rendered!);
      else if (referencePages.has(key)) {
        const { mean, farShare } = difference(rendered!, referencePages.get(key)!);
        figure.meanDifference.push(mean);
        figure.farShare.push(farShare);
      }
      if (pdf === scan.pdf && canOcr) figure.recall = recall(scan.text, await ocr(rendered!));
    }
    await document.close();
  }
  process.stderr.write(`${candidate.name}: done\n`);
}

const average = (values: number[]) => (values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length);
const cpuModel = (await readFile('/proc/cpuinfo', 'utf8')).match(/model name\s*:\s*(.*)/)?.[1] ?? cpus()[0]?.model;
const cell = (value: number, digits = 0) => (Number.isNaN(value) ? '–' : value.toFixed(digits));
process.stdout.write(
  [
    `Date: ${new Date().toISOString()}; machine: ${cpus().length} cores (nproc), ${cpuModel}; load average (1/5/15 min) ${loadAtStart.map((value) => value.toFixed(1)).join(' ')} at the start, ` +
      `${loadavg()
        .map((value) => value.toFixed(1))
        .join(
          ' ',
        )} at the end; Node ${process.version}; ${inputs.length} PDFs, ${figures.get(candidates[0]!.name)!.pages} pages; median of ${RUNS} runs a page, averaged over the pages.`,
    '',
    `| renderer | ms/page at ${OCR_DPI} dpi | ms/page at ${PREVIEW_WIDTH_PX} px wide | mean grey difference from pdf2pic (0–255) | pixels > 64 apart from pdf2pic | OCR word recall on the scanned page |`,
    '|---|---:|---:|---:|---:|---:|',
    ...candidates.map((candidate) => {
      const figure = figures.get(candidate.name)!;
      return `| ${candidate.name} | ${cell(average(figure.ocrMs))} | ${cell(average(figure.previewMs))} | ${candidate === reference ? 'reference' : cell(average(figure.meanDifference), 2)} | ${candidate === reference ? 'reference' : `${cell(100 * average(figure.farShare), 2)} %`} | ${figure.recall === null ? '–' : `${cell(100 * figure.recall, 1)} %`} |`;
    }),
    '',
  ].join('\n'),
);
