import type { DocumentErrorCode, DocumentType } from '../../../contracts/events/common.js';
import type { EventData } from '../../../contracts/events/document-events.js';
import type { AccountingData, ExtractedData, FieldEvidence } from '../../../contracts/events/extracted-data.js';
import { findTotalAmount } from './amounts.js';
import { findBankAccounts } from './bank-accounts.js';
import { findCurrency } from './currency.js';
import { findDocumentNumber } from './document-number.js';
import { toDocumentText } from './document-text.js';
import { classifyDocument } from './document-type.js';
import type { Finding } from './finding.js';
import { findInvoiceDate } from './invoice-date.js';
import { isSettledOtherwise } from './payment-settlement.js';

export interface ExtractionInput {
  pages: EventData<'TextRecognized'>['pages'];
  /** The type the client asked for; null leaves it to classification. */
  requestedType: DocumentType | null;
}

const emptyAccountingData = (): AccountingData => ({
  invoice_date: null,
  delivery_date: null,
  number: null,
  invoice_number: null,
  order_number: null,
  currency: null,
  including_tax: null,
  additional_information: null,
  amount_total: null,
  amount_details: null,
  items: [],
  payment_conditions: [],
  bank_accounts: [],
  discount_rate: null,
  discount_total: null,
  payment_method: null,
  reference: null,
  esr: null,
  es: null,
  text: null,
});

/**
 * The accounting data that can be read from the recognized text. Fields nothing was found for stay
 * null or empty; every filled field has evidence, its confidence scaled by how well its page was read.
 */
export const extractFields = ({ pages, requestedType }: ExtractionInput): ExtractedData => {
  const document = toDocumentText(pages);
  const pageConfidence = new Map(pages.map((page) => [page.pageNumber, page.confidence ?? 1]));
  const evidence: Record<string, FieldEvidence> = {};
  const record = <T>(path: string, found: Finding<T> | null): T | null => {
    if (!found) return null;
    const confidence = found.confidence * (pageConfidence.get(found.page) ?? 1);
    evidence[path] = { confidence: Math.round(confidence * 100) / 100, source: { kind: 'text', page: found.page, box: null } };
    return found.value;
  };

  let documentType: DocumentType;
  if (requestedType) {
    documentType = requestedType;
    evidence.document_type = { confidence: 1, source: { kind: 'derived', from: ['request.document_type'] } };
  } else {
    documentType = record('document_type', classifyDocument(document))!;
  }

  const number = findDocumentNumber(document);
  const total = findTotalAmount(document);
  const { accounts, invalidIbans } = findBankAccounts(document);

  const accountingDocument: AccountingData = {
    ...emptyAccountingData(),
    number: record('accounting_document.number', number),
    invoice_number: documentType === 'invoice' ? record('accounting_document.invoice_number', number) : null,
    invoice_date: record('accounting_document.invoice_date', findInvoiceDate(document)),
    amount_total: record('accounting_document.amount_total', total),
    currency: record('accounting_document.currency', findCurrency(document, total?.line ?? null)),
    bank_accounts: accounts.map((account, index) => record(`accounting_document.bank_accounts.${index}`, account)!),
    text: document.fullText === '' ? null : document.fullText,
  };

  const unpayable =
    documentType === 'invoice' &&
    total !== null &&
    Number(total.value) > 0 &&
    accounts.length === 0 &&
    !isSettledOtherwise(document.fullText);
  const errorCodes: DocumentErrorCode[] = invalidIbans.length > 0 || unpayable ? ['payment_credentials_unclear'] : [];

  return { documentType, accountingDocument, senderAddress: null, receiverAddress: null, errorCodes, evidence };
};
