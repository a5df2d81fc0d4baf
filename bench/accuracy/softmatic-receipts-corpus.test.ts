import { expect } from 'chai';
import { emptyAccountingData, emptyLineItem, type ExtractedData } from '../../contracts/events/extracted-data.js';
import { compareSoftmatic, softmaticSplits, softmaticTruthOf } from './softmatic-receipts-corpus.js';

/*
 * softmatic's German till receipts carry their truth in the file name: merchant, date, number of items,
 * total in cents.
 */

const receipt = (date: string | null, total: string | null, items: number): ExtractedData => ({
  documentType: 'invoice',
  accountingDocument: {
    ...emptyAccountingData(),
    invoice_date: date,
    amount_total: total,
    items: Array.from({ length: items }, () => ({ ...emptyLineItem(), title: 'Milch' })),
  },
  senderAddress: null,
  receiverAddress: null,
  errorCodes: [],
  evidence: {},
});

describe("softmatic's German till receipts as a truth", () => {
  it('given a file name with merchant, date, item count and cents, when read, then it gives the ISO date, the count and the total', () => {
    expect(softmaticTruthOf('aldi_02032020_19_02423.jpg')).to.deep.equal({
      key: 'aldi_02032020_19_02423',
      merchant: 'aldi',
      date: '2020-03-02',
      items: 19,
      total: '24.23',
    });
  });

  it('given a name without the item count, when read, then the count is null and the total still read', () => {
    expect(softmaticTruthOf('saturn_08092017_112900.jpg')).to.include({ date: '2017-09-08', items: null, total: '1129.00' });
  });

  it('given a second scan of one receipt (_B), when read, then it shares the first scan’s key', () => {
    expect(softmaticTruthOf('lidl_02032020_02_00716_B.jpg')!.key).to.equal(softmaticTruthOf('lidl_02032020_02_00716.jpg')!.key);
    expect(softmaticTruthOf('readme.md')).to.equal(null);
  });

  it('given the keys, when split, then positions alternate and a repeated key keeps one half', () => {
    const splits = softmaticSplits(['b', 'a', 'c', 'a']);
    expect([...splits.entries()]).to.deep.equal([
      ['a', 'tuning'],
      ['b', 'held-out'],
      ['c', 'tuning'],
    ]);
  });

  it('given an extraction, when judged, then date, total and item count are compared; no items is missing', () => {
    const truth = softmaticTruthOf('lidl_07042020_06_01569.jpg')!;
    expect(compareSoftmatic(truth, receipt('2020-04-07', '15.69', 6)).map((c) => c.outcome)).to.deep.equal(['right', 'right', 'right']);
    expect(compareSoftmatic(truth, receipt('2020-07-04', '15.70', 0)).map((c) => c.outcome)).to.deep.equal(['wrong', 'wrong', 'missing']);
    expect(compareSoftmatic(softmaticTruthOf('saturn_08092017_112900.jpg')!, receipt(null, null, 1))).to.have.length(2);
  });

  it('given item lines whose quantities add up to the article count, when judged, then the count is right', () => {
    const truth = softmaticTruthOf('lidl_07042020_06_01569.jpg')!;
    const extracted = receipt('2020-04-07', '15.69', 4);
    extracted.accountingDocument.items[0]!.quantity = '3';
    expect(compareSoftmatic(truth, extracted)[2]).to.include({ outcome: 'right', actual: '6' });
  });
});
