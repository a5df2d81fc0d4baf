import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import sharp from 'sharp';
import { degrees, PDFDocument } from 'pdf-lib';
import type { RecognizedWord } from '../../../contracts/events/page-words.js';
import { corpusPath } from '../../../harness/corpora.js';
import { encodePagePng, type SourcePageRaster } from '../rendering/source-page-raster.js';
import { renderPdfPages } from '../rendering/pdf-pages.js';
import { imagesOnPage, textOf, wordsOnPage, type PlacedWord } from '../../../test/support/poppler.js';
import { buildEnhancedPdf, type EnhancedPdfPage } from './build-enhanced-pdf.js';
import { testPdfRenderer } from '../../../test/support/pdf-renderer.js';

const run = promisify(execFile);
const CORPUS = corpusPath('invoice2data/tests/compare');
/** Stands in for a scan: rendered to pixels, its words given as OCR would find them. */
const SCANNED_PDF = join(CORPUS, 'NetpresseInvoice.pdf');
const BORN_DIGITAL_PDF = join(CORPUS, 'QualityHosting.pdf');
const DPI = 150;
/** Opens without a password, but its owner forbids copying its pages. */
const OWNER_PASSWORD_PDF = new URL('../../../test/fixtures/owner-password.pdf', import.meta.url);

const firstPageRaster = async (pdfPath: string): Promise<SourcePageRaster> => {
  for await (const page of renderPdfPages(await readFile(pdfPath), { maxPages: 9, maxPixels: 100_000_000, dpi: DPI }, testPdfRenderer))
    return page;
  throw new Error(`${pdfPath} has no pages`);
};

/** Where the ink of a region of the raster lies, as fractions of the page. */
const inkBox = (raster: SourcePageRaster, [left, top, right, bottom]: PlacedWord['box']): PlacedWord['box'] => {
  const found = { left: 1, top: 1, right: 0, bottom: 0 };
  for (let y = Math.floor(top * raster.heightPx); y < Math.ceil(bottom * raster.heightPx); y++) {
    for (let x = Math.floor(left * raster.widthPx); x < Math.ceil(right * raster.widthPx); x++) {
      if (raster.pixels[(y * raster.widthPx + x) * 3]! > 128) continue;
      found.left = Math.min(found.left, x / raster.widthPx);
      found.right = Math.max(found.right, (x + 1) / raster.widthPx);
      found.top = Math.min(found.top, y / raster.heightPx);
      found.bottom = Math.max(found.bottom, (y + 1) / raster.heightPx);
    }
  }
  return [found.left, found.top, found.right, found.bottom];
};

const scanPage = (raster: SourcePageRaster, words: RecognizedWord[]): EnhancedPdfPage => ({
  original: null,
  widthPx: raster.widthPx,
  heightPx: raster.heightPx,
  image: () => encodePagePng(raster),
  words: async () => words,
});

const asOcrWords = (words: PlacedWord[]): RecognizedWord[] => words.map((word) => ({ ...word, confidence: 0.9 }));

describe('converter: the searchable PDF of a document', function () {
  this.timeout(60_000);
  let workDir: string;
  let scan: SourcePageRaster;
  let scannedWords: PlacedWord[];
  let bornDigital: SourcePageRaster;

  const written = async (name: string, pdf: Buffer) => {
    const path = join(workDir, name);
    await writeFile(path, pdf);
    return path;
  };

  /** A born-digital page: the words of its text layer (no OCR confidence), and any `pictureWords` OCR read in its pictures. */
  const bornDigitalPage = (sourceIndex: number, pictureWords: RecognizedWord[] = []): EnhancedPdfPage => ({
    original: { sourceIndex, sourcePage: 1 },
    widthPx: bornDigital.widthPx,
    heightPx: bornDigital.heightPx,
    image: () => encodePagePng(bornDigital),
    words: async () => [...(await wordsOnPage(BORN_DIGITAL_PDF, 1)).map((word) => ({ ...word, confidence: null })), ...pictureWords],
  });

  before(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'kontor-enhanced-'));
    scan = await firstPageRaster(SCANNED_PDF);
    scannedWords = await wordsOnPage(SCANNED_PDF, 1);
    bornDigital = await firstPageRaster(BORN_DIGITAL_PDF);
  });

  after(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  describe('given a scanned page and a born-digital page', () => {
    let path: string;
    let built: Awaited<ReturnType<typeof buildEnhancedPdf>>;

    before(async () => {
      const sourcePdf = async (sourceIndex: number) => {
        expect(sourceIndex).to.equal(1);
        return readFile(BORN_DIGITAL_PDF);
      };
      built = await buildEnhancedPdf([scanPage(scan, asOcrWords(scannedWords)), bornDigitalPage(1)], { sourcePdf, dpi: DPI });
      path = await written('enhanced.pdf', built.pdf);
    });

    it('makes one PDF with both pages in document order, the scan at its own size', async () => {
      const { stdout } = await run('pdfinfo', ['-f', '1', '-l', '2', path]);

      expect(stdout).to.match(/Pages:\s+2\n/);
      expect(stdout).to.match(/Page\s+1 size:\s+595\.2 x 841\.9/);
      expect(built).to.include({ copiedPages: 1, rasterPages: 1 });
    });

    it('lets pdftotext find the words of the scanned page', async () => {
      const text = await textOf(path, 1);

      for (const word of ['ALEXINUX', 'Villeurbanne', '2022089083', 'Désignation', '45,93', '€']) expect(text).to.include(word);
    });

    it('places a word of the scanned page where it is on the image, within 1% of the page', async () => {
      const known = scannedWords.find((word) => word.text === 'Villeurbanne')!;
      // A little around the word, not as far as the next one.
      const onImage = inkBox(scan, [known.box[0] - 0.003, known.box[1] - 0.005, known.box[2] + 0.003, known.box[3] + 0.005]);

      const inPdf = (await wordsOnPage(path, 1)).find((word) => word.text === 'Villeurbanne')!;

      inPdf.box.forEach((edge, index) => expect(edge).to.be.closeTo(onImage[index]!, 0.01));
    });

    it('keeps the born-digital page with its own text, copied rather than re-rendered', async () => {
      expect(await textOf(path, 2)).to.equal(await textOf(BORN_DIGITAL_PDF, 1));
      expect(await textOf(path, 2)).to.include('Rechnungsnr.');
      expect(await imagesOnPage(path, 2)).to.deep.equal(await imagesOnPage(BORN_DIGITAL_PDF, 1));
    });

    it('shows the scan pixel for pixel, from its own compressed data, and nothing of the text', async () => {
      await run('pdfimages', ['-png', '-f', '1', '-l', '1', path, join(workDir, 'scan-image')]);
      const shown = await sharp(await readFile(join(workDir, 'scan-image-000.png')))
        .removeAlpha()
        .raw()
        .toBuffer();

      expect(await imagesOnPage(path, 1)).to.deep.equal([
        { type: 'image', width: String(scan.widthPx), height: String(scan.heightPx), color: 'rgb', encoding: 'image' },
      ]);
      expect(shown.equals(scan.pixels)).to.equal(true);
    });
  });

  describe('given a born-digital page with words OCR read in a picture', () => {
    const pictureWord: RecognizedWord = { text: 'Bildmarke', box: [0.6, 0.02, 0.75, 0.04], confidence: 0.85 };

    const builtFrom = async (name: string, source: Buffer) => {
      const built = await buildEnhancedPdf([bornDigitalPage(0, [pictureWord])], { sourcePdf: async () => source, dpi: DPI });
      expect(built).to.include({ copiedPages: 1, rasterPages: 0 });
      return written(name, built.pdf);
    };
    const placedWithin1Percent = async (path: string) => {
      const inPdf = (await wordsOnPage(path, 1)).find((word) => word.text === pictureWord.text);
      expect(inPdf, 'the picture word').to.not.equal(undefined);
      inPdf!.box.forEach((edge, index) => expect(edge).to.be.closeTo(pictureWord.box[index]!, 0.01));
    };

    it('lays those words over the copied page at their place, its own text kept and not doubled', async () => {
      const path = await builtFrom('picture-words.pdf', await readFile(BORN_DIGITAL_PDF));

      const text = await textOf(path, 1);
      expect(text).to.include('Bildmarke');
      expect(text.match(/Rechnungsnr\./g)).to.have.length(1);
      await placedWithin1Percent(path);
    });

    for (const angle of [90, 180, 270]) {
      it(`places them where they are shown on a page its PDF turns by ${angle}°`, async () => {
        const source = await PDFDocument.load(await readFile(BORN_DIGITAL_PDF));
        source.getPage(0).setRotation(degrees(angle));

        await placedWithin1Percent(await builtFrom(`turned-${angle}.pdf`, Buffer.from(await source.save())));
      });
    }
  });

  it('makes a born-digital page from its raster and words when its source PDF cannot be copied', async () => {
    const built = await buildEnhancedPdf([bornDigitalPage(0)], { sourcePdf: () => readFile(OWNER_PASSWORD_PDF), dpi: DPI });

    expect(built).to.include({ copiedPages: 0, rasterPages: 1 });
    expect(built.uncopiedSources.map((source) => source.sourceIndex)).to.deep.equal([0]);
    expect(await textOf(await written('fallback.pdf', built.pdf), 1)).to.include('Rechnungsnr.');
  });

  it('writes letters the standard font cannot encode by their base letters, or as ?', async () => {
    const words = asOcrWords([
      { text: 'Straße', box: [0.1, 0.1, 0.3, 0.13] },
      { text: 'Kraków', box: [0.1, 0.2, 0.3, 0.23] },
      { text: 'Dąbrowa', box: [0.1, 0.3, 0.3, 0.33] },
      { text: 'Łódź', box: [0.1, 0.4, 0.3, 0.43] },
    ]);

    const built = await buildEnhancedPdf([scanPage(scan, words)], { sourcePdf: () => Promise.reject(new Error('no sources')), dpi: DPI });

    const text = await textOf(await written('accents.pdf', built.pdf), 1);
    expect(text.split(/\s+/).filter(Boolean)).to.deep.equal(['Straße', 'Kraków', 'Dabrowa', '?ódz']);
  });
});
