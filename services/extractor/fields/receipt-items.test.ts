import { expect } from 'chai';
import { toDocumentText } from './document-text.js';
import { findLineItems } from './line-items.js';
import { findReceiptItems } from './receipt-items.js';

const receipt = (lines: string[]) => toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]);
const itemsIn = (lines: string[]) => findReceiptItems(receipt(lines)).map((item) => item.value);
const item = (title: string, amount: string, rest: Partial<Record<'quantity' | 'unit' | 'amount_unit' | 'tax_rate', string>> = {}) => ({
  title,
  quantity: null,
  unit: null,
  amount_unit: null,
  amount_total: amount,
  tax_rate: null,
  discount_rate: null,
  article_number: null,
  ...rest,
});

describe('extractor: receipt items', () => {
  it('reads the lines above what is to pay: a name, its amount and tax code, the quantity times the price below', () => {
    const items = itemsIn([
      'Quittung Nr. 684080',
      '----------------------------------------------',
      'Bleistift HB                            15.00 A',
      '  10 x 1.50',
      'Tageszeitung                             4.20 B',
      '----------------------------------------------',
      'Zu zahlen CHF                           19.20',
      'Bar                                      20.00',
      'A inkl. MwSt. 8.1%                        1.12',
      'B inkl. MwSt. 2.6%                        0.11',
    ]);

    expect(items).to.deep.equal([item('Bleistift HB', '15.00', { quantity: '10', amount_unit: '1.50', tax_rate: '8.1' }), item('Tageszeitung', '4.20', { tax_rate: '2.6' })]);
  });

  it('reads a quantity and price printed before the name, and a weight with its unit', () => {
    const items = itemsIn([
      '2 x 1,40 Baguette tradition        2,80 B',
      'Bananes                            2,94',
      ' 1,2 kg x 2,45',
      '',
      'À PAYER                            5,74',
    ]);

    expect(items).to.deep.equal([
      item('Baguette tradition', '2.80', { quantity: '2', amount_unit: '1.40' }),
      item('Bananes', '2.94', { quantity: '1.2', unit: 'kg', amount_unit: '2.45' }),
    ]);
  });

  it('leaves out a quantity and price that do not multiply out to the amount', () => {
    expect(itemsIn(['Notebook A5       14.55', ' 3 x 4.95', 'TOTAL             14.55'])).to.deep.equal([item('Notebook A5', '14.55')]);
  });

  it('takes the items to add up to a subtotal when tax comes on top', () => {
    const items = itemsIn(['USB cable              16.49', 'Bananas                 2.46', 'Net amount             18.95', 'Sales tax 8.875%        1.68', 'TOTAL DUE             $20.63']);

    expect(items.map((found) => found.title)).to.deep.equal(['USB cable', 'Bananas']);
  });

  it('reads nothing when the amounts do not add up to the total', () => {
    expect(itemsIn(['Sandwich               4.85', 'Flat white             4.40', 'TOTAL GBP             12.10'])).to.deep.equal([]);
  });

  it('is what line items fall back on when the document has no item table', () => {
    const items = findLineItems(receipt(['Café expresso            3,60', 'Stylo bille bleu         3,00', ' 2 x 1,50', '', 'À PAYER                  €6,60']));

    expect(items.map((found) => found.value.title)).to.deep.equal(['Café expresso', 'Stylo bille bleu']);
  });
});
