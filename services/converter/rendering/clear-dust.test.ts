import { expect } from 'chai';
import sharp from 'sharp';
import { clearDust } from './clear-dust.js';
import type { SourcePageRaster } from './source-page-raster.js';

const FONT_PX = 28;
const PITCH = 45;
const TEXT_LEFT = 40;
const TEXT_WIDTH = 700;
const LINES = 6;
// Dust: dots about as large as a full stop, in the margins and below the print, with nothing printed near them.
const DUST = [
  [900, 60],
  [1000, 200],
  [950, 330],
  [300, 80 + LINES * PITCH],
] as const;

/** Lines of print with full stops, i dots and a colon, and dust on the paper beside them. */
const dustyPage = async (): Promise<SourcePageRaster> => {
  const lines = Array.from(
    { length: LINES },
    (_, index) =>
      `<text x="${TEXT_LEFT}" y="${80 + index * PITCH}" font-family="sans-serif" font-size="${FONT_PX}">Total: CHF 1'081.${index}0 i.O. fällig.</text>`,
  );
  const dust = DUST.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="black"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="${120 + LINES * PITCH}"><rect width="100%" height="100%" fill="white"/>${lines.join('')}${dust.join('')}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { sourcePage: 1, channels: 3, pixels: data, widthPx: info.width, heightPx: info.height, dpi: 300 };
};

const darkPixels = (page: SourcePageRaster, [left, top, right, bottom]: readonly number[]): number => {
  let dark = 0;
  for (let y = top!; y < bottom!; y++) for (let x = left!; x < right!; x++) if (page.pixels[(y * page.widthPx + x) * 3]! < 200) dark++;
  return dark;
};

describe('converter: clearing dust off a scan', () => {
  it('paints out dots with nothing printed near them and leaves the print, its full stops and i dots included, as it was', async () => {
    const page = await dustyPage();

    const cleaned = clearDust(page);

    for (const [x, y] of DUST) {
      expect(darkPixels(page, [x - 5, y - 5, x + 5, y + 5]), `dust at ${x},${y} before`).to.be.greaterThan(10);
      expect(darkPixels(cleaned, [x - 5, y - 5, x + 5, y + 5]), `dust at ${x},${y} after`).to.equal(0);
    }
    const print = [TEXT_LEFT - 5, 40, TEXT_LEFT + TEXT_WIDTH, 90 + (LINES - 1) * PITCH];
    expect(darkPixels(cleaned, print)).to.equal(darkPixels(page, print));
  });

  it('leaves a page without dust as it is', async () => {
    const page = await dustyPage();
    const clean = { ...page, pixels: clearDust(page).pixels };

    expect(clearDust(clean).pixels.equals(clean.pixels)).to.equal(true);
  });

  it('paints out dust in a corner of the page and keeps a rule running off its edge', async () => {
    const [widthPx, heightPx] = [200, 120];
    const pixels = Buffer.alloc(widthPx * heightPx * 3, 255);
    const paint = (left: number, top: number, right: number, bottom: number) => {
      for (let y = top; y < bottom; y++) pixels.fill(0, (y * widthPx + left) * 3, (y * widthPx + right) * 3);
    };
    paint(0, 0, 3, 3);
    paint(widthPx - 3, heightPx - 3, widthPx, heightPx);
    paint(0, 60, widthPx, 62);
    const page: SourcePageRaster = { sourcePage: 1, channels: 3, pixels, widthPx, heightPx, dpi: 300 };

    const cleaned = clearDust(page);

    expect(darkPixels(cleaned, [0, 0, 3, 3])).to.equal(0);
    expect(darkPixels(cleaned, [widthPx - 3, heightPx - 3, widthPx, heightPx])).to.equal(0);
    expect(darkPixels(cleaned, [0, 60, widthPx, 62])).to.equal(2 * widthPx);
  });
});
