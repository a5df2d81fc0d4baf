import { expect } from 'chai';
import { emptyAccountingData, emptyLineItem, type ExtractedData, type LineItem } from '../../contracts/events/extracted-data.js';
import { compareFields, type ExpectedFields } from './compare-fields.js';

/*
 * How the accuracy benchmark judges line items: as a set, each expected item against the extracted item
 * that matches it best, so one item listed elsewhere in the truth costs one item, not every item after it.
 */

const item = (title: string, amountTotal: string): LineItem => ({ ...emptyLineItem(), title, amount_total: amountTotal });

const extractedWithItems = (...items: LineItem[]): ExtractedData => ({
  documentType: 'invoice',
  accountingDocument: { ...emptyAccountingData(), items },
  senderAddress: null,
  receiverAddress: null,
  errorCodes: [],
  evidence: {},
});

const expectedItems = (...items: [string, string][]): ExpectedFields =>
  Object.fromEntries(
    items.flatMap(([title, amountTotal], index) => [
      [`accounting_document.items.${index}.title`, title],
      [`accounting_document.items.${index}.amount_total`, amountTotal],
    ]),
  );

const outcomes = (expected: ExpectedFields, data: ExtractedData) =>
  compareFields(expected, data).map(({ field, outcome }) => `${field} ${outcome}`);

describe('comparing extracted line items with the truth', () => {
  it('given a truth listing a sub-line last that the page prints second, judges every item right', () => {
    const expected = expectedItems(['Tablet cover', '69.99'], ['Game console', '189.00'], ['Incl. copy levy', '4.24']);
    const extracted = extractedWithItems(item('Tablet cover', '69.99'), item('Incl. copy levy', '4.24'), item('Game console', '189.00'));

    expect(outcomes(expected, extracted)).to.have.members([
      'accounting_document.items.0.title right',
      'accounting_document.items.0.amount_total right',
      'accounting_document.items.1.title right',
      'accounting_document.items.1.amount_total right',
      'accounting_document.items.2.title right',
      'accounting_document.items.2.amount_total right',
    ]);
  });

  it('given an item read wrong, holds it against the item in the same place rather than a better-matching one', () => {
    const expected = expectedItems(['Paper', '10.00'], ['Toner', '80.00']);
    const extracted = extractedWithItems(item('Papr', '1.00'), item('Toner', '80.00'));

    expect(outcomes(expected, extracted)).to.have.members([
      'accounting_document.items.0.title wrong',
      'accounting_document.items.0.amount_total wrong',
      'accounting_document.items.1.title right',
      'accounting_document.items.1.amount_total right',
    ]);
  });

  it('given an item the extraction missed, counts it missing and does not pair it with an unrelated item', () => {
    const expected = expectedItems(['Paper', '10.00'], ['Toner', '80.00']);
    const extracted = extractedWithItems(item('Toner', '80.00'));

    expect(outcomes(expected, extracted)).to.have.members([
      'accounting_document.items.0.title missing',
      'accounting_document.items.0.amount_total missing',
      'accounting_document.items.1.title right',
      'accounting_document.items.1.amount_total right',
    ]);
  });
});
