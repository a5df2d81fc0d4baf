import { expect } from 'chai';
import type { OcrEngine } from './ocr-engine.js';
import type { TextLayer } from './pdf-text-layer.js';
import { readImageRegions, type RegionCutter } from './read-image-regions.js';

const LAYER: TextLayer = { text: 'Rechnung', pieces: [], imageRegions: [], width: 595, height: 842 };
const LOGO = { left: 40, top: 20, right: 240, bottom: 80 };
const FOOTER = { left: 40, top: 760, right: 540, bottom: 800 };

describe('extractor: the pictures of a text-layer page read by OCR', () => {
  let steps: string[];
  const cutter: RegionCutter = {
    pixelsPerPoint: { x: 2, y: 2 },
    async cut(region) {
      steps.push(`cut ${region.top}`);
      return { png: Buffer.from(String(region.top)), left: region.left * 2, top: region.top * 2, scale: 1 };
    },
  };
  const ocr: OcrEngine = {
    async recognize(png) {
      steps.push(`ocr ${png.toString()}`);
      return {
        text: 'Musterfirma',
        confidence: 0.9,
        words: [{ text: 'Musterfirma', left: 0, top: 0, right: 100, bottom: 20, confidence: 0.9 }],
      };
    },
    stop: async () => {},
  };
  beforeEach(() => (steps = []));

  it('given two pictures, when they are read, then both are cut out before OCR reads the first, and the drawing is told done in between', async () => {
    const words = await readImageRegions(cutter, [LOGO, FOOTER], LAYER, ocr, {}, () => steps.push('drawn'));

    expect(steps).to.deep.equal(['cut 20', 'cut 760', 'drawn', 'ocr 20', 'ocr 760']);
    expect(words.map(({ text, left, top }) => ({ text, left, top }))).to.deep.equal([
      { text: 'Musterfirma', left: 40, top: 20 },
      { text: 'Musterfirma', left: 40, top: 760 },
    ]);
  });

  it('given a picture shrunk for OCR, when it is read, then its words are placed on the page at the size it was cut at', async () => {
    const shrinking: RegionCutter = {
      pixelsPerPoint: { x: 2, y: 2 },
      cut: async (region) => ({ png: Buffer.from('logo'), left: region.left * 2, top: region.top * 2, scale: 0.5 }),
    };

    const [word] = await readImageRegions(shrinking, [LOGO], LAYER, ocr, {});

    expect(word).to.include({ text: 'Musterfirma', left: 40, top: 20, right: 140, bottom: 40 });
  });
});
