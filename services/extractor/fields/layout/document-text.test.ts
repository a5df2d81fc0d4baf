import { expect } from 'chai';
import type { RecognizedWord } from '../../../../contracts/events/page-words.js';
import { toDocumentText } from './document-text.js';

/** One line of OCR words, a word's width apart. */
const ocrPage = (text: string) => ({
  pageNumber: 1,
  text,
  confidence: 0.9,
  words: text
    .split(' ')
    .map((word, index): RecognizedWord => ({ text: word, box: [index * 0.1, 0.1, index * 0.1 + 0.08, 0.12], confidence: 0.9 })),
});

describe('extractor: the document’s text', () => {
  it('reads an umlaut OCR split into "ii" in German text, and leaves other languages’ words alone', () => {
    expect(toDocumentText([ocrPage('Rechnung für Biirostuhl und Versand fiir Sie')]).lines[0]!.text).to.equal(
      'Rechnung für Bürostuhl und Versand für Sie',
    );
    expect(toDocumentText([ocrPage('Invoice for the skiing trip and the Hawaii tour')]).lines[0]!.text).to.equal(
      'Invoice for the skiing trip and the Hawaii tour',
    );
  });
});
