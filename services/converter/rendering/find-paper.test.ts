import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import sharp from 'sharp';
import { detectSkewDegrees } from './deskew.js';
import { cutOutPaper, findPaper } from './find-paper.js';
import { rasterImage } from '../../../shared/imaging/page-raster.js';
import { type SourcePageRaster } from './source-page-raster.js';
import { photographed, type Shot } from '../../../test/support/photographed-page.js';
import { renderPdfPages } from './pdf-pages.js';
import { corpusPath } from '../../../harness/corpora.js';
import { testPdfRenderer } from '../../../test/support/pdf-renderer.js';

const TEXT_PAGE_PDF = corpusPath('invoice2data/tests/compare/NetpresseInvoice.pdf');

/** Mean brightness of the outermost `band` pixels all round: bright when nothing of the table is left. */
const frameBrightness = async (page: SourcePageRaster, band = 4): Promise<number> => {
  const { data, info } = await rasterImage(page).greyscale().raw().toBuffer({ resolveWithObject: true });
  let [sum, count] = [0, 0];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (x >= band && y >= band && x < info.width - band && y < info.height - band) continue;
      sum += data[y * info.width + x]!;
      count++;
    }
  }
  return sum / count;
};

describe('converter: finding the sheet in a photo', function () {
  this.timeout(60_000);
  let page: SourcePageRaster;

  before(async () => {
    for await (const rendered of renderPdfPages(
      await readFile(TEXT_PAGE_PDF),
      { maxPages: 1, maxPixels: 100_000_000, dpi: 150 },
      testPdfRenderer,
    ))
      page = rendered;
  });

  const shots: Shot[] = [
    { background: '#785c40', degrees: 3, shear: 0.012, darkest: 0.65 },
    { background: '#969696', degrees: -2, shear: -0.01, darkest: 0.8 },
    // A light table: the sheet is brighter all the same, and the light falls on both alike.
    { background: '#cdc8be', degrees: 1.5, shear: 0, darkest: 0.7 },
  ];
  for (const shot of shots) {
    it(`cuts out a sheet lying on ${shot.background}, turned ${shot.degrees}° and sheared, at its own size and level`, async () => {
      const photo = await photographed(page, shot);

      const corners = await findPaper(photo);
      expect(corners).to.not.equal(null);
      const sheet = await cutOutPaper(photo, corners!);

      expect(sheet.widthPx).to.be.closeTo(page.widthPx, page.widthPx * 0.02);
      expect(sheet.heightPx).to.be.closeTo(page.heightPx, page.heightPx * 0.02);
      expect(await detectSkewDegrees(sheet)).to.be.closeTo(0, 0.3);
      // Nothing of the table is left along the edges.
      expect(await frameBrightness(sheet)).to.be.above(150);
      expect(sheet.pixels.length).to.equal(sheet.widthPx * sheet.heightPx * 3);
    });
  }

  it("keeps a dark header band printed along the sheet's top edge inside the sheet it cuts out", async () => {
    const bandHeight = Math.round(page.heightPx * 0.08);
    const band = `<svg xmlns="http://www.w3.org/2000/svg" width="${page.widthPx}" height="${bandHeight}"><rect width="100%" height="100%" fill="#1b6b73"/><text x="40" y="${bandHeight * 0.65}" font-size="${bandHeight * 0.4}" fill="#ffffff">Rechnung</text></svg>`;
    const banded: SourcePageRaster = {
      ...page,
      pixels: await rasterImage(page)
        .composite([{ input: Buffer.from(band), top: 0, left: 0 }])
        .removeAlpha()
        .raw()
        .toBuffer(),
    };
    const photo = await photographed(banded, { background: '#b4aa9b', degrees: 1, shear: 0.005, darkest: 0.75 });

    const corners = await findPaper(photo);
    expect(corners).to.not.equal(null);
    const sheet = await cutOutPaper(photo, corners!);

    expect(sheet.heightPx).to.be.closeTo(page.heightPx, page.heightPx * 0.02);
    expect(sheet.widthPx).to.be.closeTo(page.widthPx, page.widthPx * 0.02);
  });

  it('finds no sheet in a scan or a rendered page, whose paper fills the image', async () => {
    expect(await findPaper(page)).to.equal(null);
  });

  it('finds no sheet in an even, empty image', async () => {
    const grey: SourcePageRaster = { sourcePage: 1, channels: 3, pixels: Buffer.alloc(600 * 800 * 3, 128), widthPx: 600, heightPx: 800 };

    expect(await findPaper(grey)).to.equal(null);
  });

  it('finds no sheet in a photo that shows mostly the table', async () => {
    const { data, info } = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#505560' } })
      .composite([{ input: { create: { width: 300, height: 400, channels: 3, background: '#ffffff' } }, left: 450, top: 600 }])
      .raw()
      .toBuffer({ resolveWithObject: true });

    expect(await findPaper({ sourcePage: 1, channels: 3, pixels: data, widthPx: info.width, heightPx: info.height })).to.equal(null);
  });
});
