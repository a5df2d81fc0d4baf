import { expect } from 'chai';
import sharp from 'sharp';
import { decodePageRaster } from '../../../shared/imaging/page-raster.js';
import { readAsOneBlockThenWithLayout, rereadDoubtfulRegions } from './reread-doubtful-regions.js';
import type { OcrWord } from './ocr-engine.js';

const word = (text: string, left: number, top: number, confidence: number): OcrWord => ({
  text,
  left,
  top,
  right: left + 100,
  bottom: top + 30,
  confidence,
});

describe('extractor: reading a page’s doubtful regions again', () => {
  it('reads the cut-out region with OCR and places its words back on the page', async () => {
    const page = await sharp({ create: { width: 1000, height: 600, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    const words = [word('Rechnung', 100, 50, 0.95), word('Vivaah', 100, 300, 0.3), word('Total', 600, 500, 0.95)];
    const crops: { width: number; height: number }[] = [];
    // OCR of the cut-out region: the word at the region's own coordinates.
    const read = async (png: Buffer) => {
      const { width, height } = await sharp(png).metadata();
      crops.push({ width: width!, height: height! });
      return [{ text: 'Giulia', left: 39, top: 39, right: 139, bottom: 69, confidence: 0.93 }];
    };

    const reread = await rereadDoubtfulRegions(async () => decodePageRaster(page), words, read);

    expect(crops).to.have.length(1);
    expect(reread.map(({ text, left, top }) => ({ text, left, top }))).to.deep.equal([
      { text: 'Rechnung', left: 100, top: 50 },
      { text: 'Total', left: 600, top: 500 },
      { text: 'Giulia', left: 100, top: 300 },
    ]);
  });

  it('reads nothing again on a page read with confidence', async () => {
    const words = [word('Rechnung', 100, 50, 0.95)];

    expect(
      await rereadDoubtfulRegions(
        async () => decodePageRaster(Buffer.alloc(0)),
        words,
        () => Promise.reject(new Error('no OCR expected')),
      ),
    ).to.equal(words);
  });

  describe('a region read as one block, then with layout analysis', () => {
    const png = Buffer.from('region');
    // A ruled table's two rows run together into one tall line of nonsense, as one block reads them.
    const rowsRunTogether = [word('om', 0, 0, 0.42), word('emo', 120, 0, 0.64), word('comm', 240, 0, 0.25)];
    const rowsAndCells = [word('Grande', 0, 0, 0.93), word('armoire', 120, 0, 0.91), word('800.0', 240, 40, 0.95)];

    it('keeps a confident reading as one block without reading the region again', async () => {
      const confident = [word('Grande', 0, 0, 0.93)];
      const read = readAsOneBlockThenWithLayout(
        async () => confident,
        () => Promise.reject(new Error('no layout analysis expected')),
      );

      expect(await read(png)).to.equal(confident);
    });

    it('takes the layout analysis’s reading where one block still reads nonsense and it is more confident', async () => {
      const read = readAsOneBlockThenWithLayout(
        async () => rowsRunTogether,
        async () => rowsAndCells,
      );

      expect(await read(png)).to.equal(rowsAndCells);
    });

    it('keeps the reading as one block where layout analysis reads no better', async () => {
      const worse = [word('Ge', 0, 0, 0.2)];
      const read = readAsOneBlockThenWithLayout(
        async () => rowsRunTogether,
        async () => worse,
      );

      expect(await read(png)).to.equal(rowsRunTogether);
    });
  });
});
