import type { DocumentType, ExtractionProcess } from '../../../contracts/events/common.js';
import type { z } from 'zod';
import type { AccountingData, Address, Es as EsSchema, Esr as EsrSchema, FieldEvidence } from '../../../contracts/events/extracted-data.js';
import type { RecognizedWord } from '../../../contracts/events/page-words.js';

type Es = z.infer<typeof EsSchema>;
type Esr = z.infer<typeof EsrSchema>;

/** What the client asked for, as the document's state answers it (see shared/document/document-queries.ts). */
export interface ExtractionRequest {
  /** Forces the class; null leaves it to classification. */
  documentType: DocumentType | null;
  extractionProcess: ExtractionProcess;
  extractLineItems: boolean;
}

export interface RecognizedPageText {
  pageNumber: number;
  text: string;
  /** Mean OCR word confidence; null for text layers. */
  confidence: number | null;
}

/**
 * Data read from an e-invoice (the XML of a ZUGFeRD/Factur-X PDF, or an XRechnung/UBL file): machine
 * data, so every field it fills wins over what the text shows; fields it leaves null or empty keep the
 * text's. Its evidence (XPaths) is keyed by field path like the extractor's. The e-invoice reader's
 * `EInvoiceReading` is of this shape.
 */
export interface EInvoiceInput {
  documentType: DocumentType | null;
  accountingDocument: Partial<AccountingData>;
  senderAddress: Partial<Address> | null;
  receiverAddress: Partial<Address> | null;
  evidence: Record<string, FieldEvidence>;
}

/** A decoded Swiss QR-bill in the extracted data's shapes (the QR reader's `QrBillFields`), and its page. */
export interface QrBillInput {
  page: number;
  es: Es;
  /** The creditor's account (IBAN or QR-IBAN), electronic format. */
  iban: string;
  /** Decimal string; null when the bill leaves the amount open. */
  amount: string | null;
  currency: 'CHF' | 'EUR';
  /** QR reference or creditor reference, compact. */
  reference: string | null;
  creditorAddress: Address;
  debtorAddress: Address | null;
}

/** A Swiss orange payment slip (ESR/BVR) read from its coding line, and its page. */
export interface EsrInput {
  page: number;
  esr: Esr;
}

export interface SwissPaymentsInput {
  qrBills: QrBillInput[];
  esr: EsrInput | null;
}

export interface ExtractionInput {
  pages: readonly RecognizedPageText[];
  /** Each page's words with their boxes, by page number; pages without an entry are read from their text. */
  words: ReadonlyMap<number, readonly RecognizedWord[]>;
  requested: ExtractionRequest;
  eInvoice?: EInvoiceInput | null;
  swissPayments?: SwissPaymentsInput | null;
}
