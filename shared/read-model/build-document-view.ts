import type { StoredFile } from '../../contracts/events/common.js';
import type { AccountingData, Address, ExtractedData } from '../../contracts/events/extracted-data.js';
import type { DocumentState, StepResults } from '../document/document-state.js';
import { correctedExtraction, isWithin, valueAt, type AppliedCorrection } from '../document/field-corrections.js';
import { effectiveExtractLineItems, effectiveExtractionProcess, errorCodes, storedFiles } from '../document/document-queries.js';
import { addressReference } from './address-reference.js';
import type { AccountingDocumentView, AddressView, DocumentView, FileEntry } from './document-view.js';

export interface ViewOptions {
  /** Rough processing time per source file, for `estimated_time_of_completion` while processing. */
  estimatedSecondsPerFile: number;
}

const fileEntry = (fileId: string, file: StoredFile): FileEntry => ({
  file_id: fileId,
  file_name: file.fileName,
  mime_type: file.mimeType,
  blob_hash: file.blob.hash,
  size: file.blob.size,
});

/** Money and rates are decimal strings in events; the API shows most of them as JSON numbers. */
const toNumber = (value: string | null): number | null => (value === null ? null : Number(value));

const currentStatus = (state: DocumentState): DocumentView['document']['current_status'] =>
  state.failure ? 'failed' : state.completion ? 'done' : 'processing';

const estimatedCompletion = (state: DocumentState, options: ViewOptions): string => {
  if (state.completion) return state.completion.at;
  if (state.failure) return state.updatedAt;
  const seconds = options.estimatedSecondsPerFile * Math.max(1, state.sources.length);
  return new Date(Date.parse(state.submittedAt) + seconds * 1000).toISOString();
};

type AccountingFields = Omit<AccountingDocumentView, 'created_at' | 'updated_at' | 'evidence'>;

const accountingFields = (extraction: ExtractedData): AccountingFields => {
  const data: AccountingData = extraction.accountingDocument;
  return {
    /** The interface shows the class in plural here (`receipts`), singular on the document. */
    type: `${extraction.documentType}s`,
    extractor_version: extraction.extractorVersion ?? null,
    invoice_date: data.invoice_date,
    delivery_date: data.delivery_date,
    number: data.number,
    invoice_number: data.invoice_number,
    order_number: data.order_number,
    currency: data.currency,
    including_tax: data.including_tax,
    additional_information: data.additional_information,
    amount_total: toNumber(data.amount_total),
    amount_details: data.amount_details,
    items: data.items.map((item) => ({
      title: item.title,
      amount_total: toNumber(item.amount_total),
      tax_rate: toNumber(item.tax_rate),
      article_number: item.article_number,
      unit: item.unit,
      quantity: toNumber(item.quantity),
      discount_rate: toNumber(item.discount_rate),
      amount_unit: toNumber(item.amount_unit),
      order_number: item.order_number,
      delivery_note_number: item.delivery_note_number,
      delivery_date: item.delivery_date,
      nominal_account: item.nominal_account,
    })),
    payment_conditions: data.payment_conditions.map((condition) => ({
      date: condition.date,
      type: condition.type,
      percentage: toNumber(condition.percentage),
      fixed_price: toNumber(condition.fixed_price),
      number_of_days: condition.number_of_days,
    })),
    bank_accounts: data.bank_accounts,
    discount_rate: toNumber(data.discount_rate),
    discount_total: toNumber(data.discount_total),
    payment_method: data.payment_method,
    reference: data.reference,
    esr: data.esr,
    es: data.es,
    text: data.text,
  };
};

/** A machine reading's fields as the reads show them, addressed by the same field paths as evidence. */
export const readingFields = (extraction: ExtractedData) => ({
  accounting_document: accountingFields(extraction),
  sender_address: extraction.senderAddress,
  receiver_address: extraction.receiverAddress,
});

const accountingView = (state: DocumentState, extraction: ExtractedData, evidence: Record<string, unknown>): AccountingDocumentView => ({
  created_at: state.submittedAt,
  updated_at: state.updatedAt,
  ...accountingFields(extraction),
  evidence,
});

/**
 * Evidence of what is shown: the machine's for the fields it read, `manual` for the fields a reviewer
 * set (who, when, why, and what the newest machine reading says there, so a disagreement is visible).
 */
const shownEvidence = (machine: ExtractedData, corrections: AppliedCorrection[]): Record<string, unknown> => {
  if (corrections.length === 0) return machine.evidence;
  const machineTree = readingFields(machine);
  const machineEvidence = Object.entries(machine.evidence).filter(
    ([path]) => !corrections.some((correction) => isWithin(path, correction.path)),
  );
  const manualEvidence = corrections.map((correction) => [
    correction.path,
    {
      confidence: 1,
      source: {
        kind: 'manual',
        corrected_at: correction.correctedAt,
        reviewer: correction.reviewer,
        reason: correction.reason,
        revision: correction.revision,
        machine_value: valueAt(machineTree, correction.path),
      },
    },
  ]);
  return Object.fromEntries([...machineEvidence, ...manualEvidence]);
};

/** A party's address as the reads show it, with the tenant's reference to it where the document gives none. */
const addressView = (state: DocumentState, type: AddressView['type'], address: Address | null): AddressView | null =>
  address
    ? {
        created_at: state.submittedAt,
        updated_at: state.updatedAt,
        type,
        ...address,
        address_id: address.address_id ?? addressReference(state.tenantId, address),
      }
    : null;

/** While a reprocessing runs, what it has not redone yet is shown as the previous round left it. */
const shownResults = (state: DocumentState): StepResults => ({
  conversion: state.conversion ?? state.previousRound?.conversion ?? null,
  recognition: state.recognition ?? state.previousRound?.recognition ?? null,
  extraction: state.extraction ?? state.previousRound?.extraction ?? null,
  signing: state.signing ?? state.previousRound?.signing ?? null,
});

/** The read model of a document: a pure function of its state, so any replay rebuilds it exactly. */
export const buildDocumentView = (state: DocumentState, position: number, options: ViewOptions): DocumentView => {
  const { conversion, extraction: machine, signing } = shownResults(state);
  const pages = conversion?.pages ?? [];
  const extraction = machine ? correctedExtraction(machine, state.corrections) : null;
  const status = currentStatus(state);
  const urls = state.sources.flatMap((source) => (source.url ? [source.url] : []));
  const failedDownloads = state.sources.flatMap((source) => (source.outcome === 'failed' ? [source.failure] : []));
  return {
    id: state.documentId,
    tenant_id: state.tenantId,
    position,
    revision: state.revision,
    document: {
      created_at: state.submittedAt,
      updated_at: state.updatedAt,
      custom_fields: state.customFields,
      download_errors:
        failedDownloads.length === 0
          ? null
          : failedDownloads.map((failure) => ({
              url: failure.url,
              reason: failure.reason,
              detail: failure.detail,
              http_status: failure.httpStatus,
            })),
      error_codes: errorCodes(state),
      extraction_process: effectiveExtractionProcess(state),
      extract_line_items: effectiveExtractLineItems(state),
      urls: urls.length > 0 ? urls : null,
      current_status: status,
      status: status === 'processing' ? 'pending' : status,
      document_type: state.requested.documentType ?? extraction?.documentType ?? null,
      tenant_id: state.tenantId,
      estimated_time_of_completion: estimatedCompletion(state, options),
      source_files: storedFiles(state).map(({ index, file }) => fileEntry(`source-${index}`, file)),
      enhanced_pdf: signing ? [fileEntry('enhanced-pdf', signing.enhancedPdf)] : null,
      signed_pdf: signing?.signedPdf ? fileEntry('signed-pdf', signing.signedPdf) : null,
      previews: pages.map((page) => fileEntry(`preview-${page.pageNumber}`, page.preview)),
      thumbnail: conversion?.thumbnail ? fileEntry('thumbnail', conversion.thumbnail) : null,
    },
    accounting_document: machine && extraction ? accountingView(state, extraction, shownEvidence(machine, state.corrections)) : null,
    sender_address: addressView(state, 'sender_address', extraction?.senderAddress ?? null),
    receiver_address: addressView(state, 'receiver_address', extraction?.receiverAddress ?? null),
  };
};
