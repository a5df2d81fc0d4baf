import type { AccountingData, ExtractedData } from '../../../contracts/events/extracted-data.js';
import { derivedEvidence } from './values/evidence.js';
import type { ExtractionRequest } from './extraction-input.js';
import { nominalAccount } from './readers/nominal-accounts.js';

/** What only full extraction reads: `basic-extraction` stops at header fields, totals, parties, accounts and reference. */
const FULL_EXTRACTION_ONLY = [
  'order_number',
  'including_tax',
  'payment_conditions',
  'discount_rate',
  'discount_total',
  'payment_method',
] as const;

const cleared: Pick<AccountingData, (typeof FULL_EXTRACTION_ONLY)[number]> = {
  order_number: null,
  including_tax: null,
  payment_conditions: [],
  discount_rate: null,
  discount_total: null,
  payment_method: null,
};

const withoutEvidence = (evidence: ExtractedData['evidence'], fields: readonly string[]) =>
  Object.fromEntries(Object.entries(evidence).filter(([path]) => !fields.some((field) => path === field || path.startsWith(`${field}.`))));

/**
 * The data as the client asked for it: the forced document type, line items only when requested, the
 * header only for `basic-extraction`, and a nominal account per item for `auto-accounting`.
 */
export const applyRequest = (data: ExtractedData, requested: ExtractionRequest): ExtractedData => {
  let { accountingDocument: document, evidence, documentType } = data;
  if (requested.documentType) {
    documentType = requested.documentType;
    evidence = { ...evidence, document_type: derivedEvidence(['request.document_type'], 1) };
  }
  if (documentType !== 'invoice' && document.invoice_number !== null) {
    document = { ...document, invoice_number: null };
    evidence = withoutEvidence(evidence, ['accounting_document.invoice_number']);
  }
  if (!requested.extractLineItems) {
    document = { ...document, items: [] };
    evidence = withoutEvidence(evidence, ['accounting_document.items']);
  }
  if (requested.extractionProcess === 'basic-extraction') {
    document = { ...document, ...cleared };
    evidence = withoutEvidence(
      evidence,
      FULL_EXTRACTION_ONLY.map((field) => `accounting_document.${field}`),
    );
  }
  if (requested.extractionProcess === 'auto-accounting') {
    const sender = data.senderAddress?.company_name ?? null;
    evidence = { ...evidence };
    document = {
      ...document,
      items: document.items.map((item, index) => {
        const account = nominalAccount(item.title, sender);
        if (account)
          evidence[`accounting_document.items.${index}.nominal_account`] = derivedEvidence(
            [`accounting_document.items.${index}.title`, 'sender_address.company_name'],
            0.6,
          );
        return { ...item, nominal_account: account };
      }),
    };
  }
  return { ...data, documentType, accountingDocument: document, evidence };
};
