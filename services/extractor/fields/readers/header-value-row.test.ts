import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findHeaderValueRow, headerRowDates } from './header-value-row.js';
import { findInvoiceDate } from './invoice-date.js';
import { findDeliveryDate } from './delivery-date.js';
import { findPaymentConditions } from './payment-conditions.js';

const documentOf = (...lines: string[]) => toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]);

const datesOf = (...lines: string[]) => {
  const row = findHeaderValueRow(documentOf(...lines));
  if (!row) return null;
  const { issue, supply, due } = headerRowDates(row);
  return { issue: issue.iso, supply: supply?.iso ?? null, due: due?.iso ?? null };
};

describe('extractor: a header row whose labels went unread', () => {
  it('given a row of an identifier and dates under a bare title, finds the identifier and the dates left to right', () => {
    const row = findHeaderValueRow(documentOf('Rechnung / Lieferschein', ' INV-45948   14.07.2025   06.07.2025   | 9962   24.07.2025'));
    expect(row?.identifier.value).to.equal('INV-45948');
    expect(row?.dates.map((date) => date.iso)).to.deep.equal(['2025-07-14', '2025-07-06', '2025-07-24']);
  });

  it('tells the dates by their order in time: the first is the issue date, one before it the supply, one after it the due date', () => {
    expect(datesOf('Rechnung / Lieferschein', ' INV-45948   14.07.2025   06.07.2025   | 9962   24.07.2025')).to.deep.equal({
      issue: '2025-07-14',
      supply: '2025-07-06',
      due: '2025-07-24',
    });
    expect(datesOf('INVOICE', '', '  452/2026        23/01/2026        02/02/2026')).to.deep.equal({
      issue: '2026-01-23',
      supply: null,
      due: '2026-02-02',
    });
    expect(datesOf('Fattura differita', '  F2026/652     28/08/2026      13/08/2026')).to.deep.equal({
      issue: '2026-08-28',
      supply: '2026-08-13',
      due: null,
    });
  });

  it('leaves a side unread where two dates lie on it, or a date lies more than a year away', () => {
    expect(datesOf('INVOICE', '  452/2026   23/01/2026   02/02/2026   23/02/2026')).to.deep.equal({
      issue: '2026-01-23',
      supply: null,
      due: null,
    });
    expect(datesOf('INVOICE', '  452/2026   23/01/2026   02/02/2028')).to.deep.equal({ issue: '2026-01-23', supply: null, due: null });
  });

  it('is no row where words stand among the values, no date follows, or the title shares its line', () => {
    expect(findHeaderValueRow(documentOf('INVOICE', '  Kunde 4711   23/01/2026'))).to.equal(null);
    expect(findHeaderValueRow(documentOf('INVOICE', '  452/2026        4711'))).to.equal(null);
    expect(findHeaderValueRow(documentOf('INVOICE       Page 1', '  452/2026   23/01/2026'))).to.equal(null);
  });

  it('gives the invoice, supply and due dates where no label names them, and yields to labels', () => {
    const unlabelled = documentOf('Rechnung', ' INV-45948   14.07.2025   06.07.2025   24.07.2025');
    expect(findInvoiceDate(unlabelled)?.value).to.equal('2025-07-14');
    expect(findInvoiceDate(unlabelled)?.confidence).to.equal(0.5);
    expect(findDeliveryDate(unlabelled)?.value).to.equal('2025-07-06');
    expect(findPaymentConditions(unlabelled, '2025-07-14').map((condition) => condition.value.date)).to.deep.equal(['2025-07-24']);

    const labelled = documentOf(
      'Rechnung',
      ' INV-45948   14.07.2025   06.07.2025   24.07.2025',
      'Rechnungsdatum: 15.07.2025',
      'Lieferdatum: 05.07.2025',
      'Fällig am: 30.07.2025',
    );
    expect(findInvoiceDate(labelled)?.value).to.equal('2025-07-15');
    expect(findDeliveryDate(labelled)?.value).to.equal('2025-07-05');
    expect(findPaymentConditions(labelled, '2025-07-15').map((condition) => condition.value.date)).to.deep.equal(['2025-07-30']);
  });

  describe("a row of values starting with a date (another author's templates)", () => {
    const page = (row: string) =>
      documentOf(
        '                                                                   Facture',
        '  Gemini Furniture',
        '  317 Fairchild Dr',
        '  Fairfield CA 94535',
        '  Etats Unis',
        row,
      );

    it("takes for the number the one identifier of the row carrying its first date's year, within six lines of the title", () => {
      const row = findHeaderValueRow(page('  18/06/2015          FA06/2015/072223             16/09/2015          BC00500'));
      expect(row?.identifier.value).to.equal('FA06/2015/072223');
      const { issue, due } = headerRowDates(row!);
      expect([issue.iso, due?.iso]).to.deep.equal(['2015-06-18', '2015-09-16']);
    });

    it('takes no row whose identifiers do not carry the year, or carry it twice, or a line of text', () => {
      expect(findHeaderValueRow(page('  18/06/2015          FA06/2016/072223             16/09/2015          BC00500'))).to.equal(null);
      expect(findHeaderValueRow(page('  18/06/2015          FA06/2015/072223             16/09/2015          BC2015-01'))).to.equal(null);
      expect(findHeaderValueRow(page('  Invoiced on 18/06/2015 as FA06/2015/072223, due 16/09/2015'))).to.equal(null);
    });
  });
});
