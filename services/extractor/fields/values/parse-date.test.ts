import { expect } from 'chai';
import { dateAtStart, findDates, inYearFirstOrder, isPaddedUnevenly, parseDate, yearFirstOrder } from './parse-date.js';

describe('extractor: reading printed dates', () => {
  it('reads numeric dates day first, as the region writes them', () => {
    expect(parseDate('12.03.2026')).to.equal('2026-03-12');
    expect(parseDate('12/03/2026')).to.equal('2026-03-12');
    expect(parseDate('12-03-2026')).to.equal('2026-03-12');
    expect(parseDate('12. 03. 2026')).to.equal('2026-03-12');
    expect(parseDate('12.03.26')).to.equal('2026-03-12');
    expect(parseDate('2026-03-12')).to.equal('2026-03-12');
  });

  it('reads month names in English, German, French and Italian', () => {
    expect(parseDate('12 March 2026')).to.equal('2026-03-12');
    expect(parseDate('12. März 2026')).to.equal('2026-03-12');
    expect(parseDate('12 mars 2026')).to.equal('2026-03-12');
    expect(parseDate('12 marzo 2026')).to.equal('2026-03-12');
    expect(parseDate('1er juillet 2015')).to.equal('2015-07-01');
    expect(parseDate('3 févr. 2026')).to.equal('2026-02-03');
    expect(parseDate('March 12, 2026')).to.equal('2026-03-12');
    expect(parseDate('August 3 , 2014')).to.equal('2014-08-03');
  });

  it('reads Spanish month names, and day, month and year joined by "de"', () => {
    expect(parseDate('12 de marzo de 2026')).to.equal('2026-03-12');
    expect(parseDate('5 enero 2026')).to.equal('2026-01-05');
    expect(parseDate('30 de septiembre de 2025')).to.equal('2025-09-30');
    expect(parseDate('1 de diciembre 2025')).to.equal('2025-12-01');
  });

  it('rejects impossible dates instead of rolling them over', () => {
    expect(parseDate('31.02.2026')).to.equal(null);
    expect(parseDate('29.02.2025')).to.equal(null);
    expect(parseDate('29.02.2024')).to.equal('2024-02-29');
    expect(parseDate('13/13/2026')).to.equal(null);
    expect(parseDate('32 mars 2026')).to.equal(null);
  });

  it('reads a slash date month first only when day first is impossible', () => {
    expect(parseDate('03/20/2023')).to.equal('2023-03-20');
    expect(parseDate('03/04/2023')).to.equal('2023-04-03');
  });

  it('reads a year-first date day before month only when the month it would otherwise have cannot be one', () => {
    expect(parseDate('2015-30-01')).to.equal('2015-01-30');
    expect(parseDate('2015-03-04')).to.equal('2015-03-04');
    expect(parseDate('2015-30-31')).to.equal(null);
  });

  it('reads a slash date that could go either way in the document’s order, and not at all without one', () => {
    expect(parseDate('03/04/2023', 'month-first')).to.equal('2023-03-04');
    expect(parseDate('03/04/2023', 'unknown')).to.equal(null);
    expect(parseDate('13/04/2023', 'unknown')).to.equal('2023-04-13');
    expect(parseDate('04/04/2023', 'unknown')).to.equal('2023-04-04');
    expect(parseDate('03.04.2023', 'month-first')).to.equal('2023-04-03');
  });

  it('finds every date on a line, and none inside longer numbers or periods', () => {
    expect(findDates('Rechnungsdatum 12.03.2026   Fällig am 11.04.2026')).to.deep.equal([
      { iso: '2026-03-12', start: 15, end: 25 },
      { iso: '2026-04-11', start: 38, end: 48 },
    ]);
    expect(findDates('Version 1.2.2026.5, Ref 112.03.2026')).to.deep.equal([]);
  });

  it('reads a day a scan printed with a doubled dot', () => {
    expect(parseDate('10.. September 2026')).to.equal('2026-09-10');
  });

  it('knows a numeric date whose day and month are padded unevenly, a digit OCR lost or added', () => {
    expect(['9/01/17', '09.1.2026', ' 9-01-2017'].map(isPaddedUnevenly)).to.deep.equal([true, true, true]);
    expect(['09/01/17', '9/1/17', '19/1/2017', '12.03.2026', '24 Mar 18'].map(isPaddedUnevenly)).to.deep.equal([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('reads a named month glued to its year, as OCR may print it', () => {
    expect(findDates('03 Apr2018 18:33').map((date) => date.iso)).to.deep.equal(['2018-04-03']);
  });

  it('reads a four-digit year with the time of day OCR glued to it, and no longer number', () => {
    expect(findDates('Receipt # 6819   26 July 202508:19').map((date) => date.iso)).to.deep.equal(['2025-07-26']);
    expect(findDates('13/05/202511:11').map((date) => date.iso)).to.deep.equal(['2025-05-13']);
    expect(findDates('12.03.20261   26.07.2025123')).to.deep.equal([]);
    expect(findDates('Scontrino n. 8883      10/07/2025.08:33').map((date) => date.iso)).to.deep.equal(['2025-07-10']);
    expect(findDates('26.07.2025.12')).to.deep.equal([]);
  });

  it('reads a dotted date whose second point OCR read as a colon before the year, and no time', () => {
    expect(findDates('05.12:2025').map((date) => date.iso)).to.deep.equal(['2025-12-05']);
    expect(findDates('05.12:30')).to.deep.equal([]);
  });

  it('reads a date behind a cell border read as a lone bar or i after its label', () => {
    expect(dateAtStart(': i    01/04/2026', 'day-first')?.value).to.equal('2026-04-01');
    expect(dateAtStart(' | 01/04/2026', 'day-first')?.value).to.equal('2026-04-01');
    expect(dateAtStart(' im 01/04/2026', 'day-first')).to.equal(null);
  });

  it('reads a named month with a two-digit year only before a time, as tills print it', () => {
    expect(findDates('24 Mar 18 09:12:41 PM').map((date) => date.iso)).to.deep.equal(['2018-03-24']);
    expect(findDates('12 Mar 18 pieces')).to.deep.equal([]);
  });

  it('reads a named month between dashes with a two-digit year, as ERP systems print it', () => {
    expect(parseDate('12-MAR-26')).to.equal('2026-03-12');
    expect(parseDate('05-Dec-25')).to.equal('2025-12-05');
    expect(findDates('Art. 12-MAR-2 Stk')).to.deep.equal([]);
  });

  it('reads a document’s year-first dates year, day, month only where its other dates or its number’s month say so', () => {
    // One date that reads only year, day, month decides for the others; one that reads only ISO, or none, keeps ISO.
    expect(yearFirstOrder('Date - 2015-30-01\nÀ régler avant: 2015-03-02', null)).to.equal('day-month');
    expect(yearFirstOrder('Date - 2015-01-30\nÀ régler avant: 2015-03-02', null)).to.equal('month-day');
    expect(yearFirstOrder('Date - 2015-04-06\nÀ régler avant: 2015-04-07', null)).to.equal('month-day');
    // Every date reads both ways: the month the number carries beside the dates' year.
    const page = 'N° Facture # - FA06/2015/000017\nDate - 2015-04-06\nÀ régler avant: 2015-04-07';
    expect(yearFirstOrder(page, 'FA06/2015/000017')).to.equal('day-month');
    expect(yearFirstOrder(page, 'INV/2015/06/0017')).to.equal('day-month');
    expect(yearFirstOrder(page, 'FA04/2015/000017')).to.equal('month-day');
    expect(yearFirstOrder(page, 'FA06/2014/000017')).to.equal('month-day');
    expect(yearFirstOrder(page, 'RE-2015-0617')).to.equal('month-day');

    expect(inYearFirstOrder('2015-04-06', '2015-04-06', () => 'day-month')).to.equal('2015-06-04');
    expect(inYearFirstOrder('2015-04-06', '2015-04-06', () => 'month-day')).to.equal('2015-04-06');
    // Dates that read one way only, and other forms, stay as read.
    expect(inYearFirstOrder('2015-01-30', '2015-30-01', () => 'day-month')).to.equal('2015-01-30');
    expect(inYearFirstOrder('2015-04-04', '2015-04-04', () => 'day-month')).to.equal('2015-04-04');
    expect(inYearFirstOrder('2015-06-04', '04/06/2015', () => 'day-month')).to.equal('2015-06-04');
  });
});
