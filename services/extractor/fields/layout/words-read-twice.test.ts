import { expect } from 'chai';
import type { RecognizedWord } from '../../../../contracts/events/page-words.js';
import { toDocumentText } from './document-text.js';
import { withoutWordsReadTwice } from './words-read-twice.js';

const word = (text: string, box: RecognizedWord['box'], confidence: number | null = 0.9): RecognizedWord => ({ text, box, confidence });

describe('extractor: words OCR read twice', () => {
  it('given a line a photo’s OCR found twice, a little apart, keeps one reading of each word: the whole one, else the more confident', () => {
    const words = [
      word('165', [0.537, 0.1092, 0.5601, 0.1184], 0.96),
      word('rue', [0.5649, 0.1001, 0.5865, 0.1197], 0.96),
      word('Tue', [0.5659, 0.1119, 0.588, 0.1184], 0.94),
      word('National', [0.5933, 0.1092, 0.6529, 0.1184], 0.95),
      word('Nationale', [0.6058, 0.1109, 0.6611, 0.1184], 0.87),
    ];

    const kept = withoutWordsReadTwice(words);
    expect(kept.map((reading) => reading.text)).to.deep.equal(['165', 'rue', 'Nationale']);
    expect(kept[2]!.box, 'the reading kept spans both, at its own height').to.deep.equal([0.5933, 0.1109, 0.6611, 0.1184]);
    expect(toDocumentText([{ pageNumber: 1, text: '', confidence: 0.9, words }]).lines[0]!.text.trim()).to.equal('165 rue Nationale');
  });

  it('lays out the line without the second reading, so it no longer glues the two ("LimiLinted")', () => {
    const words = [
      word('Ashdown', [0.5341, 0.0943, 0.601, 0.1035], 0.9),
      word('Limi', [0.6104, 0.0946, 0.6436, 0.1035], 0.93),
      word('Lin', [0.6118, 0.093, 0.6324, 0.1171], 0.81),
      word('ted', [0.6445, 0.093, 0.6683, 0.1136], 0.96),
    ];

    expect(toDocumentText([{ pageNumber: 1, text: '', confidence: 0.9, words }]).lines[0]!.text.trim()).to.equal('Ashdown Limited');
  });

  it('leaves words side by side, one whose box OCR drew too wide over its neighbours, and a text layer’s pieces, as they are', () => {
    const wide = [word('Tél.', [0.3413, 0.1906, 0.5253, 0.211]), word('+33', [0.4099, 0.1875, 0.4557, 0.2188])];
    expect(withoutWordsReadTwice(wide)).to.have.length(2);
    const mail = [word('office', [0.1109, 0.1296, 0.2071, 0.1387], 0.77), word('garonne.fr', [0.1545, 0.1296, 0.2071, 0.1387], 0.81)];
    expect(withoutWordsReadTwice(mail), 'an e-mail address whose parts OCR boxed over each other').to.have.length(2);
    const sideBySide = [word('Partner', [0.68, 0.2, 0.72, 0.21]), word('AG', [0.7281, 0.2, 0.75, 0.21])];
    expect(withoutWordsReadTwice(sideBySide)).to.have.length(2);
    const layer = [word('Muster', [0.1, 0.1, 0.2, 0.12], null), word('Muster', [0.1, 0.1, 0.2, 0.12], null)];
    expect(withoutWordsReadTwice(layer)).to.have.length(2);
  });
});
