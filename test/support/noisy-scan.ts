import sharp from 'sharp';

const A4_AT_200_DPI = { width: 1654, height: 2339 };

/**
 * A page as a cheap office scanner delivers it: A4 at 200 dpi in colour, a few lines of invoice text,
 * sensor noise over everything (seeded, so every run gets the same file), as JPEG. The noise is what
 * makes such files a few MB large.
 */
export const noisyScan = async (seed = 1): Promise<Buffer> => {
  const { width, height } = A4_AT_200_DPI;
  const lines = ['Rechnung Nr. 2026-0815', 'Datum: 01.03.2026', 'Gesamtbetrag: 1.234,50 EUR'];
  const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f0f0f0"/>${lines
    .map((line, index) => `<text x="160" y="${300 + index * 90}" font-family="sans-serif" font-size="56">${line}</text>`)
    .join('')}</svg>`;
  const pixels = await sharp(Buffer.from(text)).removeAlpha().raw().toBuffer();
  let state = seed;
  for (let index = 0; index < pixels.length; index++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    pixels[index] = Math.max(0, Math.min(255, pixels[index]! + ((state >>> 24) % 61) - 30));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
    .toBuffer();
};
