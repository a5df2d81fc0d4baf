import { expect } from 'chai';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { emptyAccountingData, emptyAddress } from '../../contracts/events/extracted-data.js';
import { inStream, storedFile, submitted } from '../../test/support/given-document.js';
import { diffReadings, documentReadings } from './document-readings.js';

const reading = (invoiceNumber: string, items: string[], version?: string): DocumentEvent => {
  const data = emptyAccountingData();
  data.invoice_number = invoiceNumber;
  data.amount_total = '119.00';
  data.items = items.map((title) => ({
    title,
    amount_total: '100.00',
    tax_rate: '19',
    article_number: null,
    unit: null,
    quantity: '1',
    discount_rate: null,
    amount_unit: null,
    order_number: null,
    delivery_note_number: null,
    delivery_date: null,
    nominal_account: null,
  }));
  return {
    type: 'DataExtracted',
    data: {
      documentType: 'invoice',
      accountingDocument: data,
      senderAddress: { ...emptyAddress(), vat_id: 'DE1' },
      receiverAddress: null,
      errorCodes: [],
      evidence: {},
      ...(version ? { extractorVersion: version } : {}),
    },
  };
};

describe('read model: the readings of a document', () => {
  const history = inStream([
    submitted(),
    storedFile(0),
    reading('RE-2O26', ['Beratung']),
    { type: 'ReprocessingRequested', data: { requestedAt: '2026-03-12T11:00:00.000Z', scope: 'extraction', reason: null } },
    reading('RE-2026', ['Beratung', 'Reise'], '0.2.0+abcdefabcdef'),
  ]);

  it('lists every reading in stream order with its version, round and fields by path as the reads show them', () => {
    const readings = documentReadings(history);

    expect(readings.map(({ revision, round, extractorVersion }) => ({ revision, round, extractorVersion }))).to.deep.equal([
      { revision: 2, round: 0, extractorVersion: null },
      { revision: 4, round: 1, extractorVersion: '0.2.0+abcdefabcdef' },
    ]);
    expect(readings[0]!.fields).to.include({
      'accounting_document.invoice_number': 'RE-2O26',
      'accounting_document.amount_total': 119,
      'sender_address.vat_id': 'DE1',
      receiver_address: null,
    });
    expect(readings[0]!.fields['accounting_document.items.0.title']).to.equal('Beratung');
  });

  it('compares two readings field by field, a field only one has being null in the other', () => {
    const [first, second] = documentReadings(history) as [never, never];

    const changes = diffReadings(first, second);

    expect(changes).to.deep.include.members([
      { path: 'accounting_document.extractor_version', from: null, to: '0.2.0+abcdefabcdef' },
      { path: 'accounting_document.invoice_number', from: 'RE-2O26', to: 'RE-2026' },
      { path: 'accounting_document.items.1.title', from: null, to: 'Reise' },
      { path: 'accounting_document.items.1.amount_total', from: null, to: 100 },
    ]);
    expect(changes.map((change) => change.path)).to.not.include.members([
      'accounting_document.items.0.title',
      'sender_address.vat_id',
      'accounting_document.items.1.unit',
    ]);
    expect(diffReadings(second, second)).to.deep.equal([]);
  });
});
