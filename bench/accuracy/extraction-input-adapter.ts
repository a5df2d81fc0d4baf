import type { RecognizedWord } from '../../contracts/events/page-words.js';
import type { EInvoiceReading } from '../../services/extractor/einvoice/read-e-invoice.js';
import type { ExtractionInput, RecognizedPageText } from '../../services/extractor/fields/extraction-input.js';
import type { EsrFields } from '../../services/extractor/swiss-payments/esr-coding-line.js';
import { toEsFields } from '../../services/extractor/swiss-payments/qr-bill-fields.js';
import type { SwissQrBill } from '../../services/extractor/swiss-payments/swiss-qr-bill.js';

/**
 * What the benchmark read from a document, turned into the input of `extractFields`. That input is
 * still changing while the extractor grows; this file is the one place to follow it.
 */

export interface DocumentReading {
  pages: RecognizedPageText[];
  words: Map<number, RecognizedWord[]>;
  eInvoice: EInvoiceReading | null;
  qrBills: { page: number; bill: SwissQrBill }[];
  esr: { page: number; fields: EsrFields } | null;
}

/** Full extraction with line items, as a client asking for everything gets it. */
export const toExtractionInput = (reading: DocumentReading): ExtractionInput => ({
  pages: reading.pages,
  words: reading.words,
  requested: { documentType: null, extractionProcess: 'full-extraction', extractLineItems: true },
  eInvoice: reading.eInvoice,
  swissPayments:
    reading.qrBills.length > 0 || reading.esr
      ? { qrBills: reading.qrBills.map(({ page, bill }) => ({ page, ...toEsFields(bill) })), esr: reading.esr && { page: reading.esr.page, esr: reading.esr.fields } }
      : null,
});
