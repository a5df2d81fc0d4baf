import { expect } from 'chai';
import sharp from 'sharp';
import { RASTER_CHANNELS, type SourcePageRaster } from './source-page-raster.js';
import { cutToSheetOnGround, findSheetOnGround } from './sheet-on-ground.js';

/** A page of `width` × `height` drawn from SVG shapes, as the converter holds a decoded scan. */
const scan = async (width: number, height: number, shapes: string): Promise<SourcePageRaster> => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes}</svg>`;
  const { data } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { pixels: data, widthPx: width, heightPx: height, channels: RASTER_CHANNELS, sourcePage: 1, dpi: 150 };
};

/** A till receipt's print: short lines, and heavy bars across its whole width that cut its paper apart. */
const receiptPrint = (left: number, top: number, width: number, height: number): string => {
  const lines: string[] = [];
  for (let y = top + 30; y < top + height - 30; y += 24) {
    const heavy = (y - top) % 240 < 24;
    lines.push(
      `<rect x="${heavy ? left : left + 20}" y="${y}" width="${heavy ? width : width * 0.6}" height="${heavy ? 14 : 8}" fill="#202020"/>`,
    );
  }
  return `<rect x="${left}" y="${top}" width="${width}" height="${height}" fill="#f4f4f2"/>${lines.join('')}`;
};

describe('converter: a sheet scanned on a darker ground', () => {
  it('given a receipt on a grey card, running off the top and right edges, when looked for, then its box is found and the scan cut to it', async () => {
    const page = await scan(1275, 1754, `<rect width="100%" height="100%" fill="#a09a90"/>${receiptPrint(820, 0, 455, 900)}`);

    const box = await findSheetOnGround(page);

    expect(box).to.not.equal(null);
    expect(box!.left).to.be.closeTo(820, 8);
    expect(box!.top).to.equal(0);
    expect(box!.right).to.equal(1275);
    expect(box!.bottom).to.be.closeTo(900, 8);
    const sheet = await cutToSheetOnGround(page);
    expect([sheet.widthPx, sheet.heightPx, sheet.dpi]).to.deep.equal([box!.right - box!.left, box!.bottom - box!.top, 150]);
    expect(sheet.pixels.length).to.equal(sheet.widthPx * sheet.heightPx * RASTER_CHANNELS);
  });

  it('given a receipt on a black ground (a flatbed without its lid), when looked for, then its box is found', async () => {
    const page = await scan(1275, 1754, `<rect width="100%" height="100%" fill="#151515"/>${receiptPrint(300, 200, 420, 1300)}`);

    const box = await findSheetOnGround(page);

    expect(box).to.not.equal(null);
    expect([box!.left, box!.top, box!.right, box!.bottom].map((value) => Math.round(value / 10))).to.deep.equal([30, 20, 72, 150]);
  });

  it('given a page that fills its scan, when looked for, then there is no sheet to cut out', async () => {
    const page = await scan(1240, 1754, `<rect width="100%" height="100%" fill="#fafafa"/>${receiptPrint(100, 100, 1000, 1500)}`);

    expect(await findSheetOnGround(page)).to.equal(null);
    expect(await cutToSheetOnGround(page)).to.equal(page);
  });

  it('given a page with a dark rim (scanned a little askew or without its lid), when looked for, then it is left whole', async () => {
    const page = await scan(1240, 1754, `<rect width="100%" height="100%" fill="#202020"/>${receiptPrint(40, 50, 1160, 1650)}`);

    expect(await findSheetOnGround(page)).to.equal(null);
  });

  it('given a receipt on the white lid of the scanner, when looked for, then there is no darker ground to cut away', async () => {
    const page = await scan(1275, 1754, `<rect width="100%" height="100%" fill="#e8e8e8"/>${receiptPrint(820, 0, 455, 900)}`);

    expect(await findSheetOnGround(page)).to.equal(null);
  });
});
