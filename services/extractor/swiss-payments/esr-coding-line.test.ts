import { expect } from 'chai';
import { parseEsrCodingLine } from './esr-coding-line.js';
import { esrCodingLine } from '../../../test/support/esr-slip.js';

const PUBLISHED = '0100003949753>120000000000234478943216899+ 010001628>';

describe('swiss payments: the ESR coding line', () => {
  it('reads amount, account, reference and the line itself from the printed coding line', () => {
    expect(parseEsrCodingLine(PUBLISHED)).to.deep.equal({
      amount_esr: '3949.75',
      account_esr: '01-162-8',
      reference_esr: '120000000000234478943216899',
      codingline_esr: PUBLISHED,
    });
  });

  it('makes the same line as the published one from its parts', () => {
    expect(esrCodingLine({ amount: '3949.75', reference: '12000000000023447894321689', account: '01-162' })).to.equal(PUBLISHED);
  });

  it('reads generated slips of any amount, reference and account', () => {
    const slips = [
      {
        slip: { amount: '0.05', reference: '00000000000000000000000001', account: '01-1' },
        account: '01-1-2',
        reference: '000000000000000000000000011',
      },
      {
        slip: { amount: '99999999.99', reference: '99999999999999999999999999', account: '30-999999' },
        account: '30-999999-3',
        reference: '999999999999999999999999992',
      },
      {
        slip: { amount: '1250.00', reference: '21000000000313947143000901', account: '01-39139' },
        account: '01-39139-1',
        reference: '210000000003139471430009017',
      },
    ];
    for (const { slip, account, reference } of slips) {
      expect(parseEsrCodingLine(esrCodingLine(slip))).to.deep.include({
        amount_esr: slip.amount,
        account_esr: account,
        reference_esr: reference,
      });
    }
  });

  it('reads a slip that leaves the amount open (ESR+)', () => {
    const line = esrCodingLine({ amount: null, reference: '12000000000023447894321689', account: '01-162' });

    expect(line.startsWith('042>')).to.equal(true);
    expect(parseEsrCodingLine(line)).to.deep.include({ amount_esr: null, account_esr: '01-162-8' });
  });

  it('finds the line among the other text of the page', () => {
    const page = `Einzahlung für / Versement pour\nMuster AG\n3949.75\n${PUBLISHED}\nDie Annahmestelle`;

    expect(parseEsrCodingLine(page)?.reference_esr).to.equal('120000000000234478943216899');
  });

  it('reads through OCR noise: spaces anywhere, > read as ), + read as t, the line broken in two', () => {
    const expected = parseEsrCodingLine(PUBLISHED);

    expect(parseEsrCodingLine('0100003949753) 12 00000 00000 23447 89432 16899t 010001628)')).to.deep.equal(expected);
    expect(parseEsrCodingLine('01000039 49753>1200000000002344789432\n16899+ 010001628>')).to.deep.equal(expected);
  });

  it('refuses a line whose amount, reference or account check digit fails', () => {
    expect(parseEsrCodingLine('0100003949754>120000000000234478943216899+ 010001628>')).to.equal(null);
    expect(parseEsrCodingLine('0100003949753>120000000000234478943216898+ 010001628>')).to.equal(null);
    expect(parseEsrCodingLine('0100003949753>120000000000234478943216899+ 010001627>')).to.equal(null);
  });

  it('refuses a line with a misread digit, which the check digits catch', () => {
    expect(parseEsrCodingLine('0100008949753>120000000000234478943216899+ 010001628>')).to.equal(null);
  });

  it('finds nothing in text without a coding line', () => {
    expect(parseEsrCodingLine('Rechnung 4711\nIBAN CH93 0076 2011 6238 5295 7\nTotal CHF 3949.75')).to.equal(null);
  });
});
