import { expect } from 'chai';
import sharp from 'sharp';
import { decodePageRaster } from '../../../shared/imaging/page-raster.js';
import { rereadDoubtfulRegions } from './reread-doubtful-regions.js';
import type { OcrWord } from './ocr-engine.js';

const word = (text: string, left: number, top: number, confidence: number): OcrWord => ({
  text,
  left,
  top,
  right: left + 100,
  bottom: top + 30,
  confidence,
});

const noLayoutAnalysis = () => Promise.reject(new Error('no layout analysis expected'));

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

    const reread = await rereadDoubtfulRegions(async () => decodePageRaster(page), words, read, noLayoutAnalysis);

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
        noLayoutAnalysis,
      ),
    ).to.equal(words);
  });

  describe('a ruled table whose rows ran together', () => {
    const blankPage = () =>
      sharp({ create: { width: 1000, height: 600, channels: 3, background: 'white' } })
        .png()
        .toBuffer();
    // The page's type is 30 px high; a table's rows, read as one block, came back two at a time as nonsense.
    const words = [word('Rechnung', 100, 50, 0.95), word('om', 100, 300, 0.3), word('Total', 600, 500, 0.95)];
    const rowsRunTogether = async () => [{ text: 'emo', left: 39, top: 39, right: 139, bottom: 139, confidence: 0.4 }];
    const rowsAndCells = async () => [
      { text: 'Grande', left: 39, top: 39, right: 139, bottom: 69, confidence: 0.93 },
      { text: 'armoire', left: 39, top: 79, right: 139, bottom: 109, confidence: 0.91 },
    ];

    it('given a region read as one block in lines twice the type’s height, unsure, then the layout analysis’s reading replaces it', async () => {
      const page = await blankPage();

      const reread = await rereadDoubtfulRegions(async () => decodePageRaster(page), words, rowsRunTogether, rowsAndCells);

      expect(reread.map(({ text }) => text)).to.deep.equal(['Rechnung', 'Total', 'Grande', 'armoire']);
    });

    it('given layout analysis reads the region with less confidence, then the reading as one block stands', async () => {
      const page = await blankPage();
      const unsure = async () => [{ text: 'Ge', left: 39, top: 39, right: 139, bottom: 69, confidence: 0.2 }];

      const reread = await rereadDoubtfulRegions(async () => decodePageRaster(page), words, rowsRunTogether, unsure);

      expect(reread.map(({ text }) => text)).to.deep.equal(['Rechnung', 'Total', 'emo']);
    });
  });
});
