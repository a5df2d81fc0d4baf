import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findFuelSales } from './fuel-sale.js';

const salesIn = (lines: string[]) => findFuelSales(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }])).map((sale) => sale.value);

describe('extractor: a petrol station’s fuel sale', () => {
  it('given the pump’s volume, the price a litre and the fuel’s amount on lines near one another, then one item of them', () => {
    expect(
      salesIn([
        'auto SPREVES GmbH',
        '*      26,97 Liter  SAULENNUMMER  2',
        '*Super E5          A      39,35 EUR',
        '   1,459 EUR/Liter',
        'Tankstelle',
      ]),
    ).to.deep.equal([
      {
        title: 'Super E5',
        quantity: '26.97',
        unit: 'Liter',
        amount_unit: '1.459',
        amount_total: '39.35',
        tax_rate: null,
        discount_rate: null,
        article_number: null,
      },
    ]);
  });

  it('given the price a litre printed after its unit and the volume on the fuel’s own line, then the same', () => {
    expect(salesIn(['Diesel   45,12 l        78,46 €', '€/l 1,739'])).to.deep.equal([
      {
        title: 'Diesel',
        quantity: '45.12',
        unit: 'l',
        amount_unit: '1.739',
        amount_total: '78.46',
        tax_rate: null,
        discount_rate: null,
        article_number: null,
      },
    ]);
  });

  it('given a volume and a price a litre that do not multiply out to any amount near them, then no fuel sale', () => {
    expect(salesIn(['*      26,97 Liter', '*Super E5          39,85 EUR', '   1,459 EUR/Liter'])).to.deep.equal([]);
    expect(salesIn(['Heizöl EL schwefelarm   3000 l   2.517,00 €'])).to.deep.equal([]);
  });
});
