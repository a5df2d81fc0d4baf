import { expect } from 'chai';
import { skontoTerms } from './skonto-terms.js';

describe('skontoTerms', () => {
  it('reads every discount line of the XRechnung convention', () => {
    const terms = '#SKONTO#TAGE=7#PROZENT=2.00#\n#SKONTO#TAGE=14#PROZENT=1.00#BASISBETRAG=100.00#\n';
    expect(skontoTerms(terms)).to.deep.equal([
      { days: 7, percent: '2.00' },
      { days: 14, percent: '1.00' },
    ]);
  });

  it('finds nothing in free text', () => {
    expect(skontoTerms('Zahlbar innerhalb 30 Tagen netto, 3% Skonto innerhalb 10 Tagen')).to.deep.equal([]);
  });
});
