import type { DocumentErrorCode } from '../../../contracts/events/common.js';
import type { ExtractedData } from '../../../contracts/events/extracted-data.js';
import { crossCheck } from '../swiss-payments/cross-check.js';
import { toDocumentText } from './layout/document-text.js';
import type { ExtractionInput, SwissPaymentsInput } from './extraction-input.js';
import { applyRequest } from './extraction-process.js';
import { mergeEInvoice, mergeSwissPayments } from './merge-sources.js';
import { paymentCredentialErrors } from './checks/payment-credentials.js';
import { readTextFields } from './read-text-fields.js';
import { calibrateEvidence } from './scoring/calibrate-evidence.js';
import { fieldFeatures, type FieldFeatures } from './scoring/field-features.js';

/** The data read, and the features its confidences were calibrated from, keyed like its evidence. */
export interface ScoredExtraction {
  data: ExtractedData;
  features: Record<string, FieldFeatures>;
}

/**
 * The accounting data of a document: what its text shows, laid out from the words' boxes, overruled by its
 * e-invoice XML where it has one and completed by its Swiss payment slips; then shaped as the client asked
 * (document type, line items, extraction process). Fields nothing was found for stay null or empty; every
 * filled field has evidence: its calibrated confidence (scoring/) and where it was read (page and box,
 * XPath, QR code).
 */
export const extractFields = (input: ExtractionInput): ExtractedData => extractScoredFields(input).data;

/** extractFields, with the features of every field's value (what the calibration is fitted on). */
export const extractScoredFields = ({ pages, words, requested, eInvoice, swissPayments }: ExtractionInput): ScoredExtraction => {
  const document = toDocumentText(pages.map((page) => ({ ...page, words: words.get(page.pageNumber) ?? null })));
  const { data: fromText, payment } = readTextFields(document);
  const withXml = eInvoice ? mergeEInvoice(fromText, eInvoice) : fromText;
  const merged = swissPayments ? mergeSwissPayments(withXml, swissPayments) : withXml;
  const shaped = applyRequest(merged, requested);
  const codes = [...paymentCredentialErrors(shaped, payment), ...qrContradictions(withXml, swissPayments)];
  const read: ExtractedData = { ...shaped, errorCodes: [...new Set(codes)] };
  const features = fieldFeatures(read, { pages, words, printed: fromText });
  return { data: calibrateEvidence(read, features), features };
};

/** A QR-bill whose account, amount or currency contradicts what the document prints makes its payment data unclear. */
const qrContradictions = (printed: ExtractedData, payments: SwissPaymentsInput | null | undefined): DocumentErrorCode[] => {
  const document = printed.accountingDocument;
  const printedData = {
    ibans: document.bank_accounts.map((account) => account.iban),
    amountTotal: document.amount_total,
    currency: document.currency,
  };
  const contradicted = (payments?.qrBills ?? []).some(
    (bill) => crossCheck({ account: bill.iban, amount: bill.amount, currency: bill.currency }, printedData).length > 0,
  );
  return contradicted ? ['payment_credentials_unclear'] : [];
};
