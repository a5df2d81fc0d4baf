import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findItemTables } from '../layout/item-table.js';
import { findLineItems } from '../readers/line-items.js';
import { findTaxSummary } from '../readers/tax-summary.js';
import { itemsAtTheOneRate } from './one-rate-items.js';

const ratesOf = (lines: string[]) => {
  const document = toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]);
  const tables = findItemTables(document);
  const items = findLineItems(document, tables);
  return itemsAtTheOneRate(items, findTaxSummary(document, items, tables))?.map((item) => item.value.tax_rate) ?? null;
};

const table = ['Pos.  Bezeichnung                 Menge      Einzelpreis        Gesamt'];

describe('extractor: items at the document’s one rate', () => {
  it('given items printing no rate whose amounts add up to the one rate’s net, then each item is at that rate', () => {
    const rates = ratesOf([
      ...table,
      '1     Beratung                     2          100,00             200,00',
      '2     Fahrtkosten                  1           50,00              50,00',
      '                                        Summe netto                250,00',
      '                                        zzgl. 19 % MwSt.            47,50',
      '                                        Rechnungsbetrag            297,50',
    ]);

    expect(rates).to.deep.equal(['19', '19']);
  });

  it('given an item outside the rate’s base (the net short of the items’ sum), or two rates, then no item’s rate is given', () => {
    const disbursement = ratesOf([
      ...table,
      '1     Beratung                     2          100,00             200,00',
      '2     Gerichtskosten               1           50,00              50,00',
      '                                        Summe netto                250,00',
      '                                        19 % MwSt. auf 200,00       38,00',
      '                                        Rechnungsbetrag            288,00',
    ]);
    const twoRates = ratesOf([
      ...table,
      '1     Beratung                     2          100,00             200,00',
      '2     Fachbuch                     1           50,00              50,00',
      '                                        Summe netto                250,00',
      '                                        19 % MwSt. auf 200,00       38,00',
      '                                        7 % MwSt. auf 50,00          3,50',
      '                                        Rechnungsbetrag            291,50',
    ]);

    expect(disbursement).to.equal(null);
    expect(twoRates).to.equal(null);
  });
});
