import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import sharp from 'sharp';
import { despeckle, enlargeSmallText, flattenLighting, typicalLineHeight } from './page-cleanup.js';
import { rasterImage } from '../../../shared/imaging/page-raster.js';
import { encodePagePng, type SourcePageRaster } from './source-page-raster.js';
import { renderPdfPages } from './pdf-pages.js';
import { corpusPath } from '../../../harness/corpora.js';
import { testPdfRenderer } from '../../../test/support/pdf-renderer.js';

const TEXT_PAGE_PDF = corpusPath('invoice2data/tests/compare/NetpresseInvoice.pdf');

const renderedAt = async (dpi: number): Promise<SourcePageRaster> => {
  for await (const page of renderPdfPages(await readFile(TEXT_PAGE_PDF), { maxPages: 1, maxPixels: 100_000_000, dpi }, testPdfRenderer))
    return page;
  throw new Error('no page');
};

const rasterOf = async (image: sharp.Sharp): Promise<SourcePageRaster> => {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { sourcePage: 1, channels: 3, pixels: data, widthPx: info.width, heightPx: info.height };
};

/** The page lit from its top-left corner, falling off to `darkest` (0..1) at the bottom right, and a little warm. */
const unevenlyLit = async (page: SourcePageRaster, darkest: number): Promise<SourcePageRaster> => {
  const grey = Math.round(255 * darkest);
  const light = `<svg xmlns="http://www.w3.org/2000/svg" width="${page.widthPx}" height="${page.heightPx}"><defs><linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="rgb(255,250,235)"/><stop offset="1" stop-color="rgb(${grey},${grey},${grey})"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#l)"/></svg>`;
  return rasterOf(rasterImage(page).composite([{ input: Buffer.from(light), blend: 'multiply' }]));
};

/** Lines of text `fontPx` high, `count` of them, on a white page. */
const textLines = (fontPx: number, count: number): Promise<SourcePageRaster> => {
  const pitch = Math.round(fontPx * 1.6);
  const lines = Array.from(
    { length: count },
    (_, index) =>
      `<text x="40" y="${80 + index * pitch}" font-family="sans-serif" font-size="${fontPx}">Rechnung Nr. 2026-${index} Betrag CHF 1'081.00 fällig</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${fontPx * 30}" height="${120 + count * pitch}"><rect width="100%" height="100%" fill="white"/>${lines.join('')}</svg>`;
  return rasterOf(sharp(Buffer.from(svg)));
};

describe('converter: cleaning up a page for OCR', function () {
  this.timeout(60_000);
  let page150: SourcePageRaster;

  before(async () => {
    page150 = await renderedAt(150);
  });

  describe('flattening the lighting', () => {
    it('makes the paper of an unevenly lit, tinted page evenly white and keeps its ink dark', async () => {
      const lit = await unevenlyLit(page150, 0.6);

      const flat = await flattenLighting(lit);

      let [paper, paperWhite, ink, inkDark] = [0, 0, 0, 0];
      for (let index = 0; index < page150.pixels.length; index++) {
        if (page150.pixels[index] === 255) {
          paper++;
          if (flat.pixels[index]! >= 230) paperWhite++;
        } else if (page150.pixels[index]! < 60) {
          ink++;
          if (flat.pixels[index]! < 120) inkDark++;
        }
      }
      expect(paperWhite / paper).to.be.above(0.98);
      expect(inkDark / ink).to.be.above(0.95);
      expect(flat).to.include({ widthPx: lit.widthPx, heightPx: lit.heightPx });
    });

    it('leaves a page on even white paper as it is', async () => {
      expect(await flattenLighting(page150)).to.equal(page150);
    });

    it('keeps a large dark area dark rather than lifting it to white', async () => {
      const dark = await rasterOf(
        sharp({ create: { width: 600, height: 600, channels: 3, background: '#ffffff' } }).composite([
          { input: { create: { width: 300, height: 300, channels: 3, background: '#202020' } }, left: 150, top: 150 },
        ]),
      );

      const flat = await flattenLighting(dark);

      const middle = (300 * 600 + 300) * 3;
      expect(flat.pixels[middle]).to.be.below(60);
    });
  });

  describe('judging the size of the text', () => {
    it('measures the height of a typical text line', async () => {
      const height = await typicalLineHeight(await textLines(40, 12));

      expect(height).to.be.within(32, 52);
    });

    it('cannot tell on a page without text lines', async () => {
      const blank: SourcePageRaster = { sourcePage: 1, channels: 3, pixels: Buffer.alloc(400 * 500 * 3, 255), widthPx: 400, heightPx: 500 };

      expect(await typicalLineHeight(blank)).to.equal(null);
    });
  });

  describe('enlarging small text', () => {
    it('enlarges a page scanned at 150 dpi to about the OCR resolution of 300 dpi, and says so', async () => {
      const enlarged = await enlargeSmallText(page150, { maxPixels: 100_000_000, dpi: 300 });

      expect(enlarged.widthPx / page150.widthPx).to.be.within(1.6, 2.5);
      expect(enlarged.heightPx / enlarged.widthPx).to.be.closeTo(page150.heightPx / page150.widthPx, 0.01);
      expect(enlarged.dpi).to.be.within(250, 380);
      expect(enlarged.pixels.length).to.equal(enlarged.widthPx * enlarged.heightPx * 3);
    });

    it('leaves a page at 300 dpi at its size', async () => {
      const page300 = await renderedAt(300);

      const kept = await enlargeSmallText(page300, { maxPixels: 100_000_000, dpi: 300 });

      expect(kept).to.include({ widthPx: page300.widthPx, heightPx: page300.heightPx });
      expect(kept.dpi).to.be.within(250, 500);
    });

    it('never enlarges beyond the pixel limit', async () => {
      const maxPixels = Math.round(page150.widthPx * page150.heightPx * 1.5);

      const enlarged = await enlargeSmallText(page150, { maxPixels, dpi: 300 });

      expect(enlarged.widthPx * enlarged.heightPx).to.be.at.most(maxPixels);
      expect(enlarged.widthPx).to.be.above(page150.widthPx);
    });

    it('leaves a page without text as it is', async () => {
      const blank: SourcePageRaster = { sourcePage: 1, channels: 3, pixels: Buffer.alloc(400 * 500 * 3, 255), widthPx: 400, heightPx: 500 };

      expect(await enlargeSmallText(blank, { maxPixels: 100_000_000, dpi: 300 })).to.equal(blank);
    });
  });

  describe('despeckling a scan', () => {
    it('clears specks of dust of one or two pixels and keeps the print', async () => {
      const page300 = await renderedAt(300);
      const dusty = { ...page300, pixels: Buffer.from(page300.pixels) };
      const specks: [number, number][] = [];
      for (let y = 40; y < page300.heightPx - 40; y += 97) {
        for (let x = 40; x < page300.widthPx - 40; x += 89) {
          const blank = [0, 1, 2, 3].every((dy) =>
            [0, 1, 2, 3].every((dx) => page300.pixels[((y + dy - 1) * page300.widthPx + x + dx - 1) * 3] === 255),
          );
          if (!blank) continue;
          for (const [dx, dy] of [
            [0, 0],
            [1, 0],
            [0, 1],
            [1, 1],
          ] as const)
            dusty.pixels.fill(40, ((y + dy) * page300.widthPx + x + dx) * 3, ((y + dy) * page300.widthPx + x + dx + 1) * 3);
          specks.push([x, y]);
        }
      }
      const inkOf = (page: SourcePageRaster) => page.pixels.filter((value, index) => index % 3 === 0 && value < 128).length;

      const clean = await despeckle(dusty);

      expect(specks.length).to.be.above(100);
      for (const [x, y] of specks) expect(clean.pixels[(y * page300.widthPx + x) * 3]).to.be.above(200);
      expect(inkOf(clean)).to.be.within(0.85 * inkOf(page300), 1.05 * inkOf(page300));
      expect(clean).to.include({ widthPx: page300.widthPx, heightPx: page300.heightPx });
    });

    it('leaves an image too small for the filter as it is', async () => {
      const dot: SourcePageRaster = { sourcePage: 1, channels: 3, pixels: Buffer.from([10, 20, 30, 40, 50, 60]), widthPx: 2, heightPx: 1 };

      expect(await despeckle(dot)).to.equal(dot);
    });
  });

  it('stores the page with its resolution, for OCR to size its filters by', async () => {
    const png = await encodePagePng({ ...page150, dpi: 300 });

    expect(await sharp(png).metadata()).to.include({ density: 300 });
  });
});
