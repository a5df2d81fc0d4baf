import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { deskewPage, detectSkewDegrees } from './deskew.js';
import { rasterImage } from '../../../shared/imaging/page-raster.js';
import { type SourcePageRaster } from './source-page-raster.js';
import { renderPdfPages } from './pdf-pages.js';
import { corpusPath } from '../../../harness/corpora.js';
import { testPdfRenderer } from '../../../test/support/pdf-renderer.js';

const TEXT_PAGE_PDF = corpusPath('invoice2data/tests/compare/NetpresseInvoice.pdf');

/** The page turned clockwise by `degrees` (negative: anticlockwise) on white, as a crooked scanner would. */
const skewed = async (page: SourcePageRaster, degrees: number): Promise<SourcePageRaster> => {
  const { data, info } = await rasterImage(page).rotate(degrees, { background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
  return { sourcePage: page.sourcePage, channels: 3, pixels: data, widthPx: info.width, heightPx: info.height };
};

const blank = (widthPx: number, heightPx: number): SourcePageRaster => ({
  sourcePage: 1,
  channels: 3,
  pixels: Buffer.alloc(widthPx * heightPx * 3, 255),
  widthPx,
  heightPx,
});

describe('converter: deskewing a page', function () {
  this.timeout(30_000);
  let textPage: SourcePageRaster;

  before(async () => {
    const limits = { maxPages: 1, maxPixels: 100_000_000, dpi: 200 };
    for await (const page of renderPdfPages(await readFile(TEXT_PAGE_PDF), limits, testPdfRenderer)) textPage = page;
  });

  for (const degrees of [3, -3]) {
    it(`finds a text page turned by ${degrees}° to within half a degree`, async () => {
      expect(await detectSkewDegrees(await skewed(textPage, degrees))).to.be.closeTo(degrees, 0.5);
    });
  }

  it('turns a page skewed by 3° level, keeping its size', async () => {
    const crooked = await skewed(textPage, 3);

    const level = await deskewPage(crooked);

    expect(await detectSkewDegrees(level)).to.be.closeTo(0, 0.5);
    expect(level).to.include({ widthPx: crooked.widthPx, heightPx: crooked.heightPx });
    expect(level.pixels.length).to.equal(crooked.pixels.length);
  });

  it('leaves a level page as it is', async () => {
    expect(await detectSkewDegrees(textPage)).to.equal(0);
    expect(await deskewPage(textPage)).to.equal(textPage);
  });

  it('leaves a page without text lines as it is', async () => {
    const empty = blank(800, 1100);

    expect(await detectSkewDegrees(empty)).to.equal(0);
    expect(await deskewPage(empty)).to.equal(empty);
  });
});
