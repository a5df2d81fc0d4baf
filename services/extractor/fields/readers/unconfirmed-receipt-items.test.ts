import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findReceiptItems } from './receipt-items.js';

const itemsIn = (lines: string[]) => findReceiptItems(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]));
const amounts = (lines: string[]) => itemsIn(lines).map((item) => item.value.amount_total);

// A discounter's receipt whose items, as OCR read them, add up to 10 cents less than the total (a digit misread).
const DISCOUNTER = [
  'BIO HONIG                            3,29  C',
  'GUTFRIED GEFL./HAHN. FL.             1,89  C',
  'GUT BIO JOGHURT PUR                  0,35  C',
  'GUT BIO JOGHURT PUR                  0,35  C',
  'ZU ZAHLEN EURO                       5,98',
  'BARGELD                             10,00',
];

describe('extractor: receipt items no sum confirms', () => {
  it('given item lines that each end in a tax code and miss the total by one digit, then they are given, less sure', () => {
    const items = itemsIn(DISCOUNTER);
    expect(items.map((item) => item.value.amount_total)).to.deep.equal(['3.29', '1.89', '0.35', '0.35']);
    expect(items.every((item) => item.fields.amount_total!.confidence <= 0.85 * 0.6 + 1e-9)).to.equal(true);
  });

  it('gives none where a line has no tax code, or where the sum misses by more than one digit and no count of articles says so', () => {
    expect(amounts(DISCOUNTER.map((line) => line.replace('1,89  C', '1,89   ')))).to.deep.equal([]);
    const twoDigitsOff = DISCOUNTER.map((line) => line.replace('5,98', '6,01'));
    expect(amounts(twoDigitsOff)).to.deep.equal([]);
    expect(amounts([...twoDigitsOff, 'ANZAHL ARTIKEL                        4']), 'the till’s count').to.deep.equal([
      '3.29',
      '1.89',
      '0.35',
      '0.35',
    ]);
    expect(amounts([...twoDigitsOff, 'ANZAHL ARTIKEL                        5'])).to.deep.equal([]);
  });

  it('sets an amount right where exactly one digit changed makes the items add up to the total', () => {
    const items = itemsIn([
      'SEKT 0,2 L                      9,95 A',
      'KAMILLENTEE                     0,99 A',
      'SUMME EUR                      10,95',
    ]);
    expect(items.map((item) => item.value.amount_total)).to.deep.equal(['9.96', '0.99']);
    expect(items[0]!.fields.amount_total!.confidence).to.be.below(0.85);
    // Where no one digit closes it (ten cents more: no tenths digit can go up by one), none; nor where two could.
    expect(amounts(['SEKT 0,2 L           1,95 A', 'TEE                  2,95 A', 'SUMME EUR            5,00'])).to.deep.equal([]);
    expect(amounts(['SEKT 0,2 L           1,85 A', 'TEE                  2,85 A', 'SUMME EUR            4,80'])).to.deep.equal([]);
    expect(amounts(['SEKT 0,2 L           9,95 A', 'SUMME EUR            9,96']), 'one line').to.deep.equal([]);
  });
});
