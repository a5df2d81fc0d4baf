import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { withinReceiptColumn } from './receipt-column.js';

const scan = (lines: string[]) => toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]);
const textsWithin = (lines: string[]) => withinReceiptColumn(scan(lines))?.lines.map((line) => line.text.trim()) ?? null;

describe('extractor: a receipt’s column on an uncropped scan', () => {
  it('given marks the scanner’s ground was read as, left of the receipt, then they are blanked and the receipt’s lines kept', () => {
    expect(
      textsWithin([
        '  |  ;     = ES      4  Doppelbrotchen                 0,25 A',
        '  à+   =a GoaEe',
        '  OS Toes ur eee ED  29   ABTEI JAP HEILOEI            3,49 C',
        '       1 Tabak                                         4,50 A',
        '  | -    E -  C         zu zahlen                      8,24',
      ]),
    ).to.deep.equal([
      'Doppelbrotchen                 0,25 A',
      '',
      'ABTEI JAP HEILOEI            3,49 C',
      '1 Tabak                                         4,50 A',
      'zu zahlen                      8,24',
    ]);
  });

  it('leaves a receipt cropped to its paper as it is, and a total label with nothing left of it', () => {
    expect(textsWithin(['ECHTER UBERSEERUM 40%VOL.    5,69  D', 'ZU ZAHLEN EURO              5,69'])).to.equal(null);
    expect(textsWithin(['Notebook A5                        14.55', '                     TOTAL DUE     14.55'])).to.equal(null);
  });
});
