import { expect } from 'chai';
import { addDays, daysBetween, toIsoDate } from './calendar-date.js';

describe('calendar dates', () => {
  it('reads CII format 102, ISO dates and date-times', () => {
    expect(toIsoDate('20260312')).to.equal('2026-03-12');
    expect(toIsoDate(' 2026-03-12 ')).to.equal('2026-03-12');
    expect(toIsoDate('2013-03-01T00:00:00')).to.equal('2013-03-01');
  });

  it('refuses dates that do not exist', () => {
    expect(toIsoDate('20260231')).to.equal(null);
    expect(toIsoDate('12.03.2026')).to.equal(null);
  });

  it('counts and adds days across month and year ends', () => {
    expect(daysBetween('2018-06-05', '2018-07-04')).to.equal(29);
    expect(daysBetween('2018-06-05', '2018-06-01')).to.equal(-4);
    expect(addDays('2025-12-20', 14)).to.equal('2026-01-03');
  });
});
