import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findInvoiceDate } from './invoice-date.js';
import { dateTestimony, tillDateEvidence } from './receipt-date.js';

const documentOf = (lines: string[]) => toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]);
const scored = (lines: string[]) => {
  const document = documentOf(lines);
  const found = findInvoiceDate(document)!;
  return { found, evidence: tillDateEvidence(document, found), testimony: dateTestimony(document, found) };
};

describe('extractor: how sure a till receipt’s date is, from what the rest of the receipt says (issue 13)', () => {
  it('keeps the date read and raises its score where the receipt prints it again the same', () => {
    const twice = scored(['Date: 23/04/2017   Time: 10:00', 'TOTAL 12.37', 'Thank you 23/04/2017']);
    expect(twice.evidence.value).to.equal('2017-04-23');
    expect(twice.testimony.copies).to.equal(1);
    expect(twice.evidence.confidence).to.be.above(twice.found.confidence);
  });

  it('halves it where the receipt prints a reading of it a digit off: one of the two is misread', () => {
    const misread = scored(['Date: 23/08/2017   Time: 10:00', 'TOTAL 12.37', 'Printed 23/04/2017']);
    expect(misread.testimony.misreadCopies).to.equal(1);
    expect(misread.testimony.otherDates).to.equal(0);
    expect(misread.evidence.confidence).to.be.closeTo(misread.found.confidence / 2, 1e-9);
    // A reading no calendar has is still a reading of the date printed there.
    expect(scored(['Date: 23/08/2017', 'TOTAL 12.37', '23/18/2017']).testimony.misreadCopies).to.equal(1);
  });

  it('lowers a date printed once that no label names, more where other dates stand beside it or its year has two digits', () => {
    const labelled = scored(['Date: 23/04/2017', 'TOTAL 12.37']);
    const unlabelled = scored(['23/04/2017 10:00', 'TOTAL 12.37']);
    const twoDigitYear = scored(['23/04/17 10:00', 'TOTAL 12.37']);
    const beside = scored(['23/04/2017 10:00', 'TOTAL 12.37', 'Valid until 31/12/2017']);
    expect(labelled.evidence.confidence).to.equal(labelled.found.confidence);
    expect(unlabelled.evidence.confidence).to.be.below(unlabelled.found.confidence);
    expect(twoDigitYear.evidence.confidence).to.be.below(unlabelled.evidence.confidence);
    expect(beside.testimony.otherDates).to.equal(1);
    expect(beside.evidence.confidence).to.be.below(unlabelled.evidence.confidence);
  });
});
