import { expect } from 'chai';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { emptyAccountingData, emptyAddress } from '../../contracts/events/extracted-data.js';
import { givenDocument, storedFile, submitted } from '../../test/support/given-document.js';
import { buildDocumentView } from './build-document-view.js';

const options = { estimatedSecondsPerFile: 30 };
const file = (fileName: string, mimeType: string, fill: string) => ({ blob: { hash: fill.repeat(64), size: 10 }, fileName, mimeType });

const converted: DocumentEvent = {
  type: 'DocumentConverted',
  data: {
    pages: [
      {
        pageNumber: 1,
        sourceIndex: 0,
        sourcePage: 1,
        image: file('page-1.png', 'image/png', 'b'),
        preview: file('preview-1.jpg', 'image/jpeg', 'c'),
        widthPx: 2480,
        heightPx: 3508,
        showsOnlyText: false,
      },
    ],
    thumbnail: file('thumbnail.jpg', 'image/jpeg', 'd'),
    failures: [],
  },
};

describe('projector: the view of a document', () => {
  it('given a fresh submission, then it is processing (pending for older clients), with an estimate and no files yet', () => {
    const view = buildDocumentView(givenDocument(submitted({ extractionProcess: 'basic-extraction' })), 1, options);

    expect(view.document).to.include({
      current_status: 'processing',
      status: 'pending',
      extraction_process: 'basic-extraction',
      extract_line_items: false,
    });
    expect(view.document.estimated_time_of_completion).to.equal('2026-03-12T10:00:30.000Z');
    expect(view.document.urls).to.deep.equal(['https://files.example.com/invoice.pdf']);
    expect(view.document.source_files).to.deep.equal([]);
    expect(view.accounting_document).to.equal(null);
  });

  it('given files, pages and completion, then done, with every file under a stable id', () => {
    const state = givenDocument(submitted({ sources: [{ index: 0, kind: 'upload' }] }), storedFile(0), converted, {
      type: 'ProcessingCompleted',
      data: { completedAt: '2026-03-12T10:00:09.000Z' },
    });

    const view = buildDocumentView(state, 7, options);

    expect(view.position).to.equal(7);
    expect(view.document).to.include({
      current_status: 'done',
      status: 'done',
      estimated_time_of_completion: '2026-03-12T10:00:09.000Z',
      urls: null,
    });
    expect(view.document.source_files.map((entry) => entry.file_id)).to.deep.equal(['source-0']);
    expect(view.document.previews.map((entry) => [entry.file_id, entry.mime_type])).to.deep.equal([['preview-1', 'image/jpeg']]);
    expect(view.document.thumbnail?.file_id).to.equal('thumbnail');
    expect(view.document.enhanced_pdf).to.equal(null);
  });

  it('given extracted data, then money becomes numbers where the interface shows numbers, and stays text in amount_details', () => {
    const state = givenDocument(submitted(), {
      type: 'DataExtracted',
      data: {
        documentType: 'receipt',
        accountingDocument: {
          invoice_date: '2026-03-12',
          delivery_date: null,
          number: 'R-1',
          invoice_number: null,
          order_number: null,
          currency: 'CHF',
          including_tax: true,
          additional_information: null,
          amount_total: '1081.00',
          amount_details: { gross_amount_total: '1081.00', tax_amount_total: '81.00', net_amount_total: '1000.00', partial_amounts: [] },
          items: [
            {
              title: 'Beratung',
              amount_total: '1000.00',
              tax_rate: '8.1',
              article_number: null,
              unit: 'h',
              quantity: '8',
              discount_rate: null,
              amount_unit: '125.00',
              order_number: null,
              delivery_note_number: null,
              delivery_date: null,
              nominal_account: null,
            },
          ],
          payment_conditions: [],
          bank_accounts: [],
          discount_rate: null,
          discount_total: null,
          payment_method: null,
          reference: null,
          esr: null,
          es: null,
          text: 'R-1',
        },
        senderAddress: {
          address_id: null,
          company_name: 'Muster AG',
          contact_person_name: null,
          street: 'Bahnhofstrasse',
          house_number: '1',
          post_office_box: null,
          postal_code: '8001',
          city_name: 'Zürich',
          country_code: 'CH',
          company_id: null,
          vat_id: null,
        },
        receiverAddress: null,
        errorCodes: ['payment_credentials_unclear'],
        evidence: {},
      },
    });

    const view = buildDocumentView(state, 2, options);

    expect(view.document.document_type).to.equal('receipt');
    expect(view.document.error_codes).to.deep.equal(['payment_credentials_unclear']);
    expect(view.accounting_document).to.include({ type: 'receipts', amount_total: 1081, currency: 'CHF' });
    expect(view.accounting_document?.amount_details?.gross_amount_total).to.equal('1081.00');
    expect(view.accounting_document?.items[0]).to.include({ quantity: 8, amount_unit: 125, tax_rate: 8.1 });
    expect(view.sender_address).to.include({ type: 'sender_address', company_name: 'Muster AG' });
    expect(view.receiver_address).to.equal(null);
  });

  it('given a failure, then failed for both status attributes, with its code', () => {
    const view = buildDocumentView(
      givenDocument(submitted(), { type: 'ProcessingFailed', data: { code: 'processing_failed', stage: 'converter', detail: 'x' } }),
      2,
      options,
    );

    expect(view.document).to.include({ current_status: 'failed', status: 'failed' });
    expect(view.document.error_codes).to.deep.equal(['processing_failed']);
  });

  it('given a requested document type, then it wins over the classification', () => {
    const view = buildDocumentView(givenDocument(submitted({ documentType: 'invoice' })), 1, options);

    expect(view.document.document_type).to.equal('invoice');
  });
});

describe("projector: the view of a document's parties", () => {
  const extracted = (senderVatId: string): DocumentEvent => ({
    type: 'DataExtracted',
    data: {
      documentType: 'invoice',
      accountingDocument: emptyAccountingData(),
      senderAddress: { ...emptyAddress(), company_name: 'Muster AG', vat_id: senderVatId },
      receiverAddress: { ...emptyAddress(), company_name: 'Client SARL' },
      errorCodes: [],
      evidence: {},
    },
  });

  it('given two documents of one tenant from one sender, then both views give the sender the same address id; a party too thinly printed none', () => {
    const first = buildDocumentView(givenDocument(submitted(), extracted('CHE-116.281.710 MWST')), 2, options);
    const second = buildDocumentView(givenDocument(submitted(), extracted('CHE116281710MWST')), 2, options);

    expect(first.sender_address!.address_id).to.be.a('string').and.equal(second.sender_address!.address_id);
    expect(first.receiver_address!.address_id).to.equal(null);
  });
});

describe('projector: the view of a corrected document', () => {
  const reading = (invoiceNumber: string, vatId: string | null): DocumentEvent => {
    const data = emptyAccountingData();
    data.invoice_number = invoiceNumber;
    data.amount_total = '1190.00';
    return {
      type: 'DataExtracted',
      data: {
        documentType: 'invoice',
        accountingDocument: data,
        senderAddress: vatId ? { ...emptyAddress(), vat_id: vatId } : null,
        receiverAddress: null,
        errorCodes: [],
        evidence: {
          'accounting_document.invoice_number': { confidence: 0.6, source: { kind: 'text', page: 1, box: null } },
          'accounting_document.amount_total': { confidence: 0.9, source: { kind: 'text', page: 1, box: null } },
        },
      },
    };
  };
  const corrected: DocumentEvent = {
    type: 'FieldsCorrected',
    data: {
      correctedAt: '2026-03-12T11:00:00.000Z',
      reviewer: 'Erika',
      reason: 'misread',
      corrections: [
        { path: 'accounting_document.invoice_number', oldValue: 'RE-2O26', newValue: 'RE-2026' },
        { path: 'sender_address.city_name', oldValue: null, newValue: 'Berlin' },
      ],
    },
  };

  it('given a correction, then the corrected value is shown with manual evidence, and untouched fields keep the machine’s', () => {
    const view = buildDocumentView(givenDocument(submitted(), reading('RE-2O26', null), corrected), 3, options);

    expect(view.revision).to.equal(2);
    expect(view.accounting_document).to.include({ invoice_number: 'RE-2026', amount_total: 1190 });
    expect(view.sender_address).to.include({ city_name: 'Berlin', vat_id: null });
    expect(view.accounting_document!.evidence['accounting_document.amount_total']).to.deep.include({ confidence: 0.9 });
    expect(view.accounting_document!.evidence['accounting_document.invoice_number']).to.deep.equal({
      confidence: 1,
      source: {
        kind: 'manual',
        corrected_at: '2026-03-12T11:00:00.000Z',
        reviewer: 'Erika',
        reason: 'misread',
        revision: 2,
        machine_value: 'RE-2O26',
      },
    });
  });

  it('given a newer machine reading after a correction, then the correction stays shown and its evidence names what the machine read', () => {
    const view = buildDocumentView(
      givenDocument(submitted(), reading('RE-2O26', null), corrected, reading('RE-2026-X', 'DE1')),
      4,
      options,
    );

    expect(view.accounting_document!.invoice_number).to.equal('RE-2026');
    expect(view.sender_address).to.include({ city_name: 'Berlin', vat_id: 'DE1' });
    const evidence = view.accounting_document!.evidence['accounting_document.invoice_number'] as { source: { machine_value: unknown } };
    expect(evidence.source.machine_value).to.equal('RE-2026-X');
  });

  it('given a reprocessing under way, then the document is processing and shows the previous reading until the new one', () => {
    const reprocessing: DocumentEvent = {
      type: 'ReprocessingRequested',
      data: { requestedAt: '2026-03-12T12:00:00.000Z', scope: 'extraction', reason: null },
    };
    const during = buildDocumentView(givenDocument(submitted(), reading('RE-2O26', null), reprocessing), 3, options);
    const after = buildDocumentView(
      givenDocument(submitted(), reading('RE-2O26', null), reprocessing, reading('RE-2026', null)),
      4,
      options,
    );

    expect(during.document.current_status).to.equal('processing');
    expect(during.accounting_document!.invoice_number).to.equal('RE-2O26');
    expect(after.accounting_document!.invoice_number).to.equal('RE-2026');
  });
});
