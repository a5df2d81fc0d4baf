import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { foundAt, spanOf } from '../values/finding.js';
import { totalWithTip } from './tip.js';

const paidOn = (lines: string[], totalLine: number) => {
  const document = toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]);
  const line = document.lines[totalLine]!;
  const total = { ...foundAt('77.76', 0.9, [spanOf(line, 0, line.text.length)]), line };
  return totalWithTip(document, total)?.value ?? null;
};

describe('extractor: a tip written under a bill', () => {
  it('given a tip under the bill’s total and a line adding both, then what was paid is the total', () => {
    expect(
      paidOn(['Total                      77.76', 'Tip                        14.00', 'Grand Total                91.76'], 0),
    ).to.equal('91.76');
    expect(
      paidOn(['Summe                      77,76', 'Trinkgeld                  14,00', '                           91,76'], 0),
    ).to.equal('91.76');
  });

  it('given no line adding the tip to the total, or no tip, then nothing', () => {
    expect(
      paidOn(['Total                      77.76', 'Tip                        14.00', 'Grand Total                90.00'], 0),
    ).to.equal(null);
    expect(paidOn(['Total                      77.76', 'Cash                       91.76'], 0)).to.equal(null);
    // A tip at a percentage is a till's suggestion, no tip given.
    expect(
      paidOn(['Total                      77.76', 'Tip 18%                    14.00', 'Total with tip             91.76'], 0),
    ).to.equal(null);
  });
});
