import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { expect } from 'chai';
import { fileTypeFromBuffer } from 'file-type';
import { degrees, PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { detectSkewDegrees } from './deskew.js';
import { photographed } from '../../../test/support/photographed-page.js';
import { rasterImage } from '../../../shared/imaging/page-raster.js';
import { type SourcePageRaster, type RenderLimits } from './source-page-raster.js';
import { renderPdfPages } from './pdf-pages.js';
import { renderPages } from './render-pages.js';
import { RenderingFailure } from './rendering-failure.js';
import { corpusPath } from '../../../harness/corpora.js';
import { testPdfRenderer } from '../../../test/support/pdf-renderer.js';

const CORPUS = corpusPath('invoice2data/tests/compare');
const ONE_PAGE_A4_PDF = join(CORPUS, 'NetpresseInvoice.pdf');
const TWO_PAGE_A4_PDF = join(CORPUS, 'QualityHosting.pdf');
const A4_AT_300_DPI = { widthPx: 2480, heightPx: 3508 };

const limits: RenderLimits = { maxPages: 200, maxPixels: 100_000_000, dpi: 300 };

const renderAll = async (bytes: Buffer, mimeType: string, given: Partial<RenderLimits> = {}): Promise<SourcePageRaster[]> => {
  const pages: SourcePageRaster[] = [];
  for await (const page of renderPages(bytes, mimeType, { ...limits, ...given }, testPdfRenderer)) pages.push(page);
  return pages;
};

const firstRawPage = async (pdf: Buffer, dpi: number): Promise<SourcePageRaster> => {
  for await (const page of renderPdfPages(pdf, { maxPages: 1, maxPixels: 100_000_000, dpi }, testPdfRenderer)) return page;
  throw new Error('no page');
};

const failureOf = async (bytes: Buffer, mimeType: string, given: Partial<RenderLimits> = {}): Promise<RenderingFailure> => {
  try {
    await renderAll(bytes, mimeType, given);
  } catch (error) {
    if (error instanceof RenderingFailure) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
};

const mimeTypeOf = async (bytes: Buffer) => (await fileTypeFromBuffer(bytes))?.mime;

const rasterOf = async (image: Buffer): Promise<SourcePageRaster> => {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return { sourcePage: 1, channels: 3, pixels: data, widthPx: info.width, heightPx: info.height };
};

/** 300x200 as stored, white with a blue block in the stored top-left corner. */
const landscapeWithMarker = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } }).composite([
    { input: { create: { width: 60, height: 60, channels: 3, background: '#0000ff' } }, left: 0, top: 0 },
  ]);

const rgbAt = (page: SourcePageRaster, left: number, top: number) => {
  const offset = (top * page.widthPx + left) * 3;
  return [...page.pixels.subarray(offset, offset + 3)];
};

const isBlue = (page: SourcePageRaster, left: number, top: number) => {
  const [red, , blue] = rgbAt(page, left, top);
  return blue! > 200 && red! < 60;
};

/** Raw RGB pixels of exactly the page's size, with some ink on them. */
const expectInkedRgbPage = (page: SourcePageRaster) => {
  expect(page.pixels.length).to.equal(page.widthPx * page.heightPx * 3);
  expect(page.pixels.some((value) => value < 100)).to.equal(true);
};

/** A valid PNG header claiming 50000x50000 pixels, with next to no image data behind it. */
const decompressionBomb = (): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
};

/** A one-page PDF written by hand, so a test can give its page any media box. */
describe('converter: rendering a file to pages', function () {
  this.timeout(60_000);

  describe('a born-digital PDF', () => {
    it('renders its one A4 page to RGB pixels at 300 dpi', async () => {
      const pages = await renderAll(await readFile(ONE_PAGE_A4_PDF), 'application/pdf');

      expect(pages).to.have.length(1);
      expect(pages[0]).to.include({ sourcePage: 1, ...A4_AT_300_DPI });
      expectInkedRgbPage(pages[0]!);
    });

    it('renders every page of a two-page PDF, in order', async () => {
      const pages = await renderAll(await readFile(TWO_PAGE_A4_PDF), 'application/pdf');

      expect(pages.map(({ sourcePage, widthPx, heightPx }) => ({ sourcePage, widthPx, heightPx }))).to.deep.equal([
        { sourcePage: 1, ...A4_AT_300_DPI },
        { sourcePage: 2, ...A4_AT_300_DPI },
      ]);
      expect(pages[0]!.pixels.equals(pages[1]!.pixels)).to.equal(false);
      for (const page of pages) expectInkedRgbPage(page);
    });

    it('renders a page turned by its /Rotate entry as viewers show it', async () => {
      const doc = await PDFDocument.load(await readFile(ONE_PAGE_A4_PDF));
      doc.getPage(0).setRotation(degrees(90));

      const [page] = await renderAll(Buffer.from(await doc.save()), 'application/pdf', { dpi: 150 });

      expect(page).to.include({ widthPx: 1754, heightPx: 1240 });
    });

    it('renders at the configured resolution', async () => {
      const [page] = await renderAll(await readFile(ONE_PAGE_A4_PDF), 'application/pdf', { dpi: 150 });

      expect(page).to.include({ widthPx: 1240, heightPx: 1754 });
    });

    it('refuses more pages than allowed before rendering any', async () => {
      const failure = await failureOf(await readFile(TWO_PAGE_A4_PDF), 'application/pdf', { maxPages: 1 });

      expect(failure.code).to.equal('too_many_pages');
      expect(failure.message).to.equal('the PDF has 2 pages, more than the 1 allowed');
    });

    it('refuses a page that would have more pixels than allowed at the OCR resolution', async () => {
      const failure = await failureOf(await readFile(ONE_PAGE_A4_PDF), 'application/pdf', { maxPixels: 1_000_000 });

      expect(failure.code).to.equal('conversion_failed');
      expect(failure.message).to.equal('page 1 would be 2480x3508 pixels at 300 dpi, more than the limit of 1000000');
    });
  });

  // What each renderer refuses (no PDF, an empty file, a password) is in test/contract/pdf-renderer.contract.ts.
  describe('a PDF that cannot be read', () => {
    it('fails with conversion_failed when the bytes are not a PDF', async () => {
      const failure = await failureOf(Buffer.from('%PDF-1.7\nthis is no PDF at all'), 'application/pdf');

      expect(failure.code).to.equal('conversion_failed');
      expect(failure.message).to.match(/^not a readable PDF/);
    });
  });

  describe('an image', () => {
    for (const format of ['jpeg', 'png'] as const) {
      it(`turns a ${format.toUpperCase()} upright by its EXIF orientation and makes it an RGB page`, async () => {
        // Orientation 6: the camera was turned a quarter clockwise, so the stored top-left belongs top-right.
        const photo = await landscapeWithMarker().toFormat(format).withMetadata({ orientation: 6 }).toBuffer();
        expect(await sharp(photo).metadata()).to.include({ width: 300, height: 200, orientation: 6 });

        const pages = await renderAll(photo, `image/${format}`);

        expect(pages).to.have.length(1);
        expect(pages[0]).to.include({ sourcePage: 1, widthPx: 200, heightPx: 300 });
        expectInkedRgbPage(pages[0]!);
        expect(isBlue(pages[0]!, 190, 10)).to.equal(true);
        expect(isBlue(pages[0]!, 10, 10)).to.equal(false);
      });
    }

    it('makes a WebP an RGB page', async () => {
      const webp = await landscapeWithMarker().webp({ lossless: true }).toBuffer();

      const pages = await renderAll(webp, 'image/webp');

      expect(pages).to.have.length(1);
      expect(pages[0]).to.include({ sourcePage: 1, widthPx: 300, heightPx: 200 });
      expect(isBlue(pages[0]!, 10, 10)).to.equal(true);
    });

    it('brings a CMYK JPEG to RGB', async () => {
      const cmyk = await landscapeWithMarker().toColourspace('cmyk').jpeg().toBuffer();
      expect(await sharp(cmyk).metadata()).to.include({ space: 'cmyk', channels: 4 });

      const [page] = await renderAll(cmyk, 'image/jpeg');

      expectInkedRgbPage(page!);
      // Pure blue lies outside the CMYK gamut; it comes back as a dark blue.
      expect(rgbAt(page!, 10, 10)).to.satisfy(([red, , blue]: number[]) => blue! > red! + 80);
      expect(rgbAt(page!, 200, 100)).to.satisfy((rgb: number[]) => rgb.every((value) => value > 240));
    });

    it('levels a scan whose text runs 3° askew, so OCR reads straight lines', async () => {
      const [straight] = await renderAll(await readFile(ONE_PAGE_A4_PDF), 'application/pdf', { dpi: 300 });
      const askew = await rasterImage(straight!).rotate(3, { background: '#ffffff' }).jpeg().toBuffer();
      expect(await detectSkewDegrees(await rasterOf(askew))).to.be.closeTo(3, 0.5);

      const [page] = await renderAll(askew, 'image/jpeg');

      expect(await detectSkewDegrees(page!)).to.be.closeTo(0, 0.5);
      expect(page).to.include(
        await sharp(askew)
          .metadata()
          .then(({ width, height }) => ({ widthPx: width, heightPx: height })),
      );
    });

    it('enlarges a scan made at 150 dpi to about 300 dpi, keeping its proportions, and records its resolution', async () => {
      // The page as a scanner gives it: rendered at 150 dpi, not yet prepared for OCR.
      const page150 = await firstRawPage(await readFile(ONE_PAGE_A4_PDF), 150);
      const scan = await rasterImage(page150).png().toBuffer();

      const [page] = await renderAll(scan, 'image/png');

      expect(page!.widthPx / page150.widthPx).to.be.within(1.6, 2.5);
      expect(page!.heightPx / page!.widthPx).to.be.closeTo(page150.heightPx / page150.widthPx, 0.01);
      expect(page!.dpi).to.be.within(250, 380);
    });

    it('enlarges a scan no further than the pixel limit', async () => {
      const [page150] = await renderAll(await readFile(ONE_PAGE_A4_PDF), 'application/pdf', { dpi: 150 });
      const scan = await rasterImage(page150!).png().toBuffer();
      const maxPixels = page150!.widthPx * page150!.heightPx * 2;

      const [page] = await renderAll(scan, 'image/png', { maxPixels });

      expect(page!.widthPx * page!.heightPx).to.be.at.most(maxPixels);
    });

    it('cuts the sheet out of a phone photo, straightened, level and evenly lit', async () => {
      const [page150] = await renderAll(await readFile(ONE_PAGE_A4_PDF), 'application/pdf', { dpi: 150 });
      const photo = await photographed(page150!, { background: '#785c40', degrees: -2.5, shear: 0.01, darkest: 0.65 });
      const jpeg = await rasterImage(photo).jpeg({ quality: 85 }).toBuffer();

      const [page] = await renderAll(jpeg, 'image/jpeg');

      // An A4 sheet, nothing of the table around it, enlarged from 150 dpi towards 300 dpi.
      expect(page!.heightPx / page!.widthPx).to.be.closeTo(297 / 210, 0.03);
      expect(page!.widthPx).to.be.within(1800, 3000);
      expect(await detectSkewDegrees(page!)).to.be.closeTo(0, 0.3);
      const corners = [
        rgbAt(page!, 2, 2),
        rgbAt(page!, page!.widthPx - 3, 2),
        rgbAt(page!, 2, page!.heightPx - 3),
        rgbAt(page!, page!.widthPx - 3, page!.heightPx - 3),
      ];
      for (const rgb of corners) expect(rgb).to.satisfy((values: number[]) => values.every((value) => value > 220));
    });

    it('cuts a sheet scanned on a grey card, running off the scan’s top and right edges, down to the sheet', async () => {
      const [page150] = await renderAll(await readFile(ONE_PAGE_A4_PDF), 'application/pdf', { dpi: 150 });
      // The top of the page, wider than high, unlike the scan.
      const sheet = await rasterImage(page150!).resize({ width: 700, height: 500, fit: 'cover', position: 'top' }).png().toBuffer();
      const scan = await sharp({ create: { width: 1275, height: 1754, channels: 3, background: '#a09a90' } })
        .composite([{ input: sheet, left: 575, top: 0 }])
        .jpeg({ quality: 90 })
        .toBuffer();

      const [page] = await renderAll(scan, 'image/jpeg');

      // The sheet's proportions, nothing of the card around it.
      expect(page!.heightPx / page!.widthPx).to.be.closeTo(500 / 700, 0.03);
      const corners = [rgbAt(page!, 2, 2), rgbAt(page!, 2, page!.heightPx - 3)];
      for (const rgb of corners) expect(rgb).to.satisfy((values: number[]) => values.every((value) => value > 220));
    });

    it('gives a PDF page the resolution it was rendered at', async () => {
      const [page] = await renderAll(await readFile(ONE_PAGE_A4_PDF), 'application/pdf');

      expect(page!.dpi).to.equal(300);
    });

    it('renders every page of a three-page TIFF', async () => {
      const scans = await Promise.all(
        ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
          sharp({ create: { width: 120, height: 170, channels: 3, background } })
            .png()
            .toBuffer(),
        ),
      );
      const tiff = await sharp(scans, { join: { animated: true } })
        .tiff()
        .toBuffer();
      expect(await mimeTypeOf(tiff)).to.equal('image/tiff');

      const pages = await renderAll(tiff, 'image/tiff');

      expect(pages.map(({ sourcePage, widthPx, heightPx }) => ({ sourcePage, widthPx, heightPx }))).to.deep.equal([
        { sourcePage: 1, widthPx: 120, heightPx: 170 },
        { sourcePage: 2, widthPx: 120, heightPx: 170 },
        { sourcePage: 3, widthPx: 120, heightPx: 170 },
      ]);
      expect(isBlue(pages[2]!, 60, 85)).to.equal(true);
      expect(isBlue(pages[0]!, 60, 85)).to.equal(false);
    });

    it('refuses a TIFF with more pages than allowed', async () => {
      const page = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
      const tiff = await sharp([page, page, page], { join: { animated: true } })
        .tiff()
        .toBuffer();

      const failure = await failureOf(tiff, 'image/tiff', { maxPages: 2 });

      expect(failure.code).to.equal('too_many_pages');
    });

    it('makes an image of a single grey pixel a page of one pixel', async () => {
      const pixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#808080' } })
        .png()
        .toBuffer();

      const [page] = await renderAll(pixel, 'image/png');

      expect(page).to.include({ widthPx: 1, heightPx: 1 });
    });

    it('lays a transparent image on white, so OCR sees dark text on a light page', async () => {
      const transparent = await sharp({ create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .png()
        .toBuffer();

      const [page] = await renderAll(transparent, 'image/png');

      expect(page!.pixels.length).to.equal(20 * 20 * 3);
      expect(rgbAt(page!, 0, 0)).to.deep.equal([255, 255, 255]);
    });

    it('fails with conversion_failed when the file is empty', async () => {
      const failure = await failureOf(Buffer.alloc(0), 'image/png');

      expect(failure.code).to.equal('conversion_failed');
      expect(failure.message).to.match(/^not a readable image: /);
    });

    it('fails with conversion_failed when the bytes are not an image', async () => {
      const failure = await failureOf(Buffer.from('not an image at all'), 'image/png');

      expect(failure.code).to.equal('conversion_failed');
      expect(failure.message).to.match(/^not a readable image: /);
    });

    it('refuses a decompression bomb by its header, quickly and without decoding it', async () => {
      const started = performance.now();
      const rssBefore = process.memoryUsage().rss;

      const failure = await failureOf(decompressionBomb(), 'image/png');

      expect(failure.code).to.equal('conversion_failed');
      expect(failure.message).to.match(/pixel limit/);
      expect(performance.now() - started).to.be.below(1000);
      expect(process.memoryUsage().rss - rssBefore).to.be.below(100 * 1024 * 1024);
    });
  });

  describe('other files', () => {
    it('gives e-invoice XML no pages and no failure: the extractor reads the XML', async () => {
      const xml = Buffer.from('<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:x"/>');

      expect(await renderAll(xml, 'application/xml')).to.deep.equal([]);
      expect(await renderAll(xml, 'text/xml; charset=utf-8')).to.deep.equal([]);
    });

    it('fails with unsupported_file_type for a text file', async () => {
      const failure = await failureOf(Buffer.from('Invoice 42: 100 EUR'), 'text/plain');

      expect(failure.code).to.equal('unsupported_file_type');
      expect(failure.message).to.equal('text/plain files cannot be converted to pages');
    });
  });
});
