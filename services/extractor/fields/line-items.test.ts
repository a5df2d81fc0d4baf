import { expect } from 'chai';
import { toDocumentText } from './document-text.js';
import { findItemTables } from './item-table.js';
import { findLineItems } from './line-items.js';

const itemsIn = (lines: string[]) => findLineItems(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }])).map((item) => item.value);

describe('extractor: line items', () => {
  it('finds a table by its header row, in German, French, Italian and English', () => {
    const headers = [
      'Pos  Artikel-Nr.  Bezeichnung        Menge  Einheit   Einzelpreis   MwSt   Betrag',
      'Réf.   Désignation              Quantité   Prix unitaire   TVA   Montant HT',
      'Codice   Descrizione            Quantità   Prezzo   IVA   Importo',
      'Item #   Description            Qty   Unit Price   VAT %   Amount',
    ];
    for (const header of headers) {
      expect(findItemTables(toDocumentText([{ pageNumber: 1, text: header }])), header).to.have.length(1);
    }
    expect(findItemTables(toDocumentText([{ pageNumber: 1, text: 'Rechnungsdatum   Kundennummer   Seite' }]))).to.deep.equal([]);
  });

  it('reads each row’s columns: article, title, quantity and unit, unit price, tax rate, amount', () => {
    const items = itemsIn([
      'Pos  Art.-Nr.   Bezeichnung              Menge        Einzelpreis    MwSt       Betrag',
      '1    TB100A4    Trennblätter A4          20 Stk.             9,90    19 %       198,00',
      '2    ARNR2      Joghurt Banane           50 Stk.             5,50     7 %       275,00',
      '',
      'Summe netto                                                                     473,00',
      'MwSt 19 %                                                                        37,62',
    ]);

    expect(items).to.deep.equal([
      { title: 'Trennblätter A4', quantity: '20', unit: 'Stk.', amount_unit: '9.90', amount_total: '198.00', tax_rate: '19', discount_rate: null, article_number: 'TB100A4' },
      { title: 'Joghurt Banane', quantity: '50', unit: 'Stk.', amount_unit: '5.50', amount_total: '275.00', tax_rate: '7', discount_rate: null, article_number: 'ARNR2' },
    ]);
  });

  it('joins a name wrapped in a narrow column, and takes an amount printed on the line below', () => {
    const items = itemsIn([
      'Pos  Beschreibung   Nettopreis   Menge     Steuersatz   Nettobetrag',
      '1    Trennblätter       9,9000   20 Stk          19 %',
      '     A4                                                      198,00',
      '     GTIN: 4012345001235',
    ]);

    expect(items).to.have.length(1);
    expect(items[0]).to.include({ title: 'Trennblätter A4', quantity: '20', amount_total: '198.00' });
  });

  it('leaves out a unit price that does not multiply out to the amount, and applies a discount line to its item', () => {
    const items = itemsIn([
      'Artikelbeschreibung      Menge  Einheit     Preis/Einheit      Entgelt  USt. %',
      'Kunstrasen grün          3,00   m2               4,00            12,00     19',
      '                                          abzgl. 16,7% Rabatt   -2,00',
      'Pfand                    20     Stk.             2,77            55,46     19',
    ]);

    expect(items.map(({ title, amount_unit, amount_total, discount_rate }) => ({ title, amount_unit, amount_total, discount_rate }))).to.deep.equal([
      { title: 'Kunstrasen grün', amount_unit: '4.00', amount_total: '10.00', discount_rate: '16.7' },
      { title: 'Pfand', amount_unit: null, amount_total: '55.46', discount_rate: null },
    ]);
  });

  it('passes over a subtotal between items, and stops at the totals', () => {
    const items = itemsIn([
      'Description                          Quantity   Unit Price   Taxes      Amount',
      '[FURN_7777] Office Chair             1.00 Units      70.00  15.00%     $ 70.00',
      '                                                                 Subtotal $ 70.00',
      '[LUX_TRF] Luxury Truffles            15.00 g         10.00              $ 150.00',
      '',
      '                                     Subtotal                           $ 220.00',
      '                                     Total                              $ 230.50',
    ]);

    expect(items.map(({ title, article_number, quantity, unit }) => ({ title, article_number, quantity, unit }))).to.deep.equal([
      { title: 'Office Chair', article_number: 'FURN_7777', quantity: '1.00', unit: 'Units' },
      { title: 'Luxury Truffles', article_number: 'LUX_TRF', quantity: '15.00', unit: 'g' },
    ]);
  });

  it('reads quantities with the document’s decimal comma ("5,000 kg")', () => {
    const items = itemsIn(['Bezeichnung      Menge      Preis     Betrag', 'Schweinesteak    5,000 kg    5,50     27,50']);

    expect(items[0]).to.include({ quantity: '5.000', unit: 'kg', amount_total: '27.50' });
  });
});
