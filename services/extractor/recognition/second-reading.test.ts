import { expect } from 'chai';
import type { ReadCharacter } from './line-reader.js';
import type { OcrWord } from './ocr-engine.js';
import { charactersByWord, lineSegments, secondReadingOf } from './second-reading.js';

/** A word `column` character widths from the left on line `row`: 20 px a character, 50 px a line, 30 px high. */
const word = (text: string, row: number, column: number, confidence = 0.9): OcrWord => ({
  text,
  left: column * 20,
  right: (column + text.length) * 20,
  top: row * 50,
  bottom: row * 50 + 30,
  confidence,
});
/** What the second reader read, each character at `x` plus its place in `text` times 20 px, spaces skipped by the placing only. */
const read = (text: string, x: number, probability = 0.99): ReadCharacter[] =>
  [...text].map((character, index) => ({ text: character, x: x + index * 20 + 10, probability }));
const knowsAll = () => true;
/** A dictionary that knows no word: the reading is judged without the languages' words. */
const noDictionary = () => false;

describe('extractor: a second reading of a scanned page, line by line', () => {
  describe('the lines it reads', () => {
    it('given words on two rows, one with a wide gap, then each row is read apart and the gap parts its row in two', () => {
      const words = [word('TOTAL', 0, 0), word('RM', 0, 6), word('32.70', 0, 30), word('CASH', 1, 0)];

      const segments = lineSegments(words);

      expect(segments.map((segment) => segment.words)).to.deep.equal([[0, 1], [2], [3]]);
      expect(segments[0]!.box).to.deep.equal({ left: 0, top: 0, right: 160, bottom: 30 });
    });
  });

  describe('which word each character read belongs to', () => {
    const words = [word('Tampoi,', 0, 0), word('81200', 0, 8)];
    const segment = { words: [0, 1], box: { left: 0, top: 0, right: 260, bottom: 30 } };

    it('given the second reader read the same characters a little to the left, then each still goes to the word it matched', () => {
      const byWord = charactersByWord(words, segment, read('Tampoi, 81200', -15), 0);

      expect(byWord.map((characters) => characters.map((character) => character.text).join(''))).to.deep.equal(['Tampoi,', '81200']);
    });

    it('given characters before the first word that the first engine read as no word (a logo), then they belong to no word', () => {
      const byWord = charactersByWord([word('Donau', 0, 4), word('OG', 0, 10)], segment, [...read('D', 0), ...read('Donau OG', 80)], 0);

      expect(byWord.map((characters) => characters.map((character) => character.text).join(''))).to.deep.equal(['Donau', 'OG']);
    });

    it('given a character the first engine did not read between two words, then it goes to the word it stands nearer to', () => {
      const apart = [word('Tampoi', 0, 0), word('81200', 0, 8)];
      const dotNearTheNumber = { text: '.', x: 155, probability: 0.99 };

      const byWord = charactersByWord(apart, segment, [...read('Tampoi', 0), dotNearTheNumber, ...read('81200', 160)], 0);

      expect(byWord.map((characters) => characters.map((character) => character.text).join(''))).to.deep.equal(['Tampoi', '.81200']);
    });

    it('given the line image starts left of the page edge of the words, then the characters are placed on the page', () => {
      const byWord = charactersByWord(
        [word('RM', 0, 10)],
        { words: [0], box: { left: 200, top: 0, right: 240, bottom: 30 } },
        read('RM', 0),
        200,
      );

      expect(byWord[0]!.map((character) => character.x)).to.deep.equal([210, 230]);
    });
  });

  describe('which reading a word keeps', () => {
    it('given the second reader is sure of a reading that differs, then the word takes it, with its sureness', () => {
      const reread = secondReadingOf(word('2642', 0, 0, 0.88), read('26.42', 0, 0.97), knowsAll, noDictionary);

      expect(reread).to.include({ text: '26.42', confidence: 0.97 });
    });

    it('given the first engine read the word with confidence, then its reading stands', () => {
      expect(secondReadingOf(word('Salzburg', 0, 0, 0.93), read('Saizburg', 0), knowsAll, noDictionary).text).to.equal('Salzburg');
    });

    it('given the second reader is less sure of the character where the readings differ than the first engine of the word, then the first reading stands', () => {
      const characters = read('RM', 0);
      characters[1]!.probability = 0.68;

      expect(secondReadingOf(word('RH', 0, 0, 0.69), characters, knowsAll, noDictionary).text).to.equal('RH');
    });

    it('given the second reading leaves out a letter of a confident first reading, then the first reading stands', () => {
      expect(secondReadingOf(word('Summary', 0, 0, 0.94), read('Summay', 0), knowsAll, noDictionary).text).to.equal('Summary');
      expect(secondReadingOf(word('BESTARI', 0, 0, 0.9), read('BESTAR!', 0), knowsAll, noDictionary).text).to.equal('BESTARI');
    });

    it('given the second reading leaves out a letter of a doubtful first reading, then it is taken', () => {
      expect(secondReadingOf(word('GSi;', 0, 0, 0.5), read('GS', 0), knowsAll, noDictionary).text).to.equal('GS');
    });

    it('given the second reading makes a confident word of letters a code, or a number a code, then the first reading stands', () => {
      expect(secondReadingOf(word('INVOICE', 0, 0, 0.94), read('INV0ICE', 0), knowsAll, noDictionary).text).to.equal('INVOICE');
      expect(secondReadingOf(word('3.60', 0, 0, 0.76), read('3.5C', 0), knowsAll, noDictionary).text).to.equal('3.60');
    });

    it('given the second reading makes a doubtful word a number, then it is taken', () => {
      expect(secondReadingOf(word('am', 0, 0, 0.27), read('30', 0), knowsAll, noDictionary).text).to.equal('30');
    });

    it('given the second reading only drops the accents of the first, then the first reading stands', () => {
      expect(secondReadingOf(word('Müller', 0, 0, 0.8), read('Muller', 0), knowsAll, noDictionary).text).to.equal('Müller');
    });

    it('given the second reading adds or drops an apostrophe at a letter, then the first reading stands', () => {
      expect(secondReadingOf(word("dell'Indipendenza", 0, 0, 0.88), read('dellIndipendenza', 0), knowsAll, noDictionary).text).to.equal(
        "dell'Indipendenza",
      );
      expect(secondReadingOf(word('Rue', 0, 0, 0.83), read("Rue'", 0), knowsAll, noDictionary).text).to.equal('Rue');
    });

    it('given the second reading drops a speck before a word, then it is taken', () => {
      expect(secondReadingOf(word('‘Due', 0, 0, 0.7), read('Due', 0), knowsAll, noDictionary).text).to.equal('Due');
    });

    it('given the second reading glues two amounts the first read apart, then the first reading stands', () => {
      expect(secondReadingOf(word('17.50°1.42', 0, 0, 0.73), read('17.501.42', 0), knowsAll, noDictionary).text).to.equal('17.50°1.42');
    });

    it('given the second reading is the first with a mark after it, then the first reading stands', () => {
      expect(secondReadingOf(word('x', 0, 0, 0.89), read('x.', 0), knowsAll, noDictionary).text).to.equal('x');
      expect(secondReadingOf(word('22%', 0, 0, 0.8), read('22%:', 0), knowsAll, noDictionary).text).to.equal('22%');
    });

    it("given the second reading makes a dictionary's word letters no dictionary has, then the first reading stands", () => {
      const dictionary = (letters: string) => ['total', 'invoice', 'jun'].includes(letters.toLowerCase());

      expect(secondReadingOf(word('Total', 0, 0, 0.86), read('Tolal', 0), knowsAll, dictionary).text).to.equal('Total');
      expect(secondReadingOf(word('INVOICE', 0, 0, 0.85), read('INUOICE', 0), knowsAll, dictionary).text).to.equal('INVOICE');
      expect(secondReadingOf(word('Payabie', 0, 0, 0.76), read('Payable', 0), knowsAll, dictionary).text).to.equal('Payable');
    });

    it('given a dictionary word shorter than five letters, then the dictionary does not judge it (abbreviations: "JUN" read for "JLN")', () => {
      const dictionary = (letters: string) => ['jun'].includes(letters.toLowerCase());

      expect(secondReadingOf(word('JUN', 0, 0, 0.85), read('JLN', 0), knowsAll, dictionary).text).to.equal('JLN');
    });

    it("given the first reading has a character outside the second reader's alphabet, then the first reading stands", () => {
      const knowsNoSharpS = (character: string) => character !== 'ß';

      expect(secondReadingOf(word('Straße', 0, 0, 0.6), read('StraBe', 0), knowsNoSharpS, noDictionary).text).to.equal('Straße');
    });

    it("given the second reading has a character no invoice prints (the network's Chinese classes), then the first reading stands", () => {
      expect(secondReadingOf(word('JALAN', 0, 0, 0.5), read('JA兰N', 0), knowsAll, noDictionary).text).to.equal('JALAN');
    });
  });

  describe('a reading character by character, where the second reader is unsure of part of the word', () => {
    /** The second reading with the characters at `unsure` read at 0.6, the others sure. */
    const partlyUnsure = (text: string, ...unsure: number[]) =>
      read(text, 0).map((character, index) => (unsure.includes(index) ? { ...character, probability: 0.6 } : character));

    it("given the readings differ where the second reader is sure, then its characters are taken there and the first engine's kept where it is unsure", () => {
      const reread = secondReadingOf(word('B:13:39', 0, 0, 0.78), partlyUnsure('8:13:89', 5), knowsAll, noDictionary);

      expect(reread).to.include({ text: '8:13:39', confidence: 0.78 });
    });

    it('given the second reader is more probable than the first engine but under the floor, then the first reading stands', () => {
      expect(secondReadingOf(word('PDU,', 0, 0, 0.3), partlyUnsure('PUDU', 1), knowsAll, noDictionary).text).to.equal('PDU,');
    });

    it('given the second reader is more probable than the first engine was sure of the word, then a letter it read between two is taken', () => {
      const characters = read('PUDU', 0).map((character, index) => ({ ...character, probability: index === 1 ? 0.83 : 0.85 }));

      expect(secondReadingOf(word('PDU', 0, 0, 0.3), characters, knowsAll, noDictionary)).to.include({ text: 'PUDU', confidence: 0.83 });
    });

    it('given a digit among letters, a letter among digits or a small letter among capitals, then the first reading stands there', () => {
      expect(secondReadingOf(word('AEON', 0, 0, 0.7), partlyUnsure('AE0NX', 4), knowsAll, noDictionary).text).to.equal('AEON');
      expect(secondReadingOf(word('519537-X', 0, 0, 0.5), partlyUnsure('S19537-Xx', 8), knowsAll, noDictionary).text).to.equal('519537-X');
      expect(secondReadingOf(word('RSP', 0, 0, 0.4), partlyUnsure('RsPP', 3), knowsAll, noDictionary).text).to.equal('RSP');
    });

    it('given a digit misread as a letter among digits, then the digit is taken', () => {
      expect(secondReadingOf(word('B4600,', 0, 0, 0.52), partlyUnsure('84600,.', 6), knowsAll, noDictionary).text).to.equal('84600,');
      expect(secondReadingOf(word('TRMRN', 0, 0, 0.4), partlyUnsure('TAMANN', 5), knowsAll, noDictionary).text).to.equal('TAMAN');
    });

    it('given a letter read for a digit at the end of a word, with no letter after it to confirm it, then the first reading stands', () => {
      expect(secondReadingOf(word('RM4.', 0, 0, 0.5), partlyUnsure('RMA.0', 4), knowsAll, noDictionary).text).to.equal('RM4.');
      expect(secondReadingOf(word('1J0K', 0, 0, 0.5), partlyUnsure('IJOKK', 4), knowsAll, noDictionary).text).to.equal('IJOK');
    });

    it('given the second reader reads the same letter in another case, or a letter more in a word the first engine was fairly sure of, then the first reading stands', () => {
      expect(secondReadingOf(word('Uberweisen', 0, 0, 0.7), partlyUnsure('uberweisenn', 10), knowsAll, noDictionary).text).to.equal(
        'Uberweisen',
      );
      expect(secondReadingOf(word("l'Intendance", 0, 0, 0.8), partlyUnsure("l'IlntendanceE", 3, 13), knowsAll, noDictionary).text).to.equal(
        "l'Intendance",
      );
    });

    it('given a word of marks alone, then the vote makes it no digit ("1" for a lone colon)', () => {
      expect(secondReadingOf(word(':', 0, 0, 0.5), partlyUnsure('1:', 1), knowsAll, noDictionary).text).to.equal(':');
    });

    it('given the second reader reads a mark it is not sure of, then the first reading stands there', () => {
      expect(secondReadingOf(word('JALAN', 0, 0, 0.62), partlyUnsure('JA.LAN', 2), knowsAll, noDictionary).text).to.equal('JALAN');
    });
  });
});
