import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { readDocumentEvent } from '../../contracts/events/registry.js';
import { toNewEvents } from '../../shared/document/document-stream.js';
import type { NewEvent } from '../../shared/ports/event-store.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../contracts/events/fixtures');
const fixture = (name: string): DocumentEvent => readDocumentEvent(JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')));

/** The golden fixtures of a completed document's events, in stream order; each synthetic document varies them. */
const COMPLETED_STREAM = [
  'DocumentSubmitted.v1.json',
  'SourceFileStored.v1.json',
  'DocumentConverted.v1.json',
  'TextRecognized.v2.json',
  'DataExtracted.v1.json',
  'DocumentSigned.v1.json',
  'ProcessingCompleted.v1.json',
].map(fixture);

const COMPANIES = [
  'Müller',
  'Mueller',
  'Schneider',
  'Fischer',
  'Weber',
  'Meier',
  'Brunner',
  'Keller',
  'Huber',
  'Gerber',
  'Rossi',
  'Dubois',
  'Bianchi',
  'Lefèvre',
  'Smith',
];
const FORMS = ['AG', 'GmbH', 'SA', 'Sàrl', 'Ltd', '& Partner'];
const CURRENCIES = ['CHF', 'EUR', 'USD'];
const DAY_MS = 86_400_000;
const EPOCH = Date.parse('2024-01-01T00:00:00.000Z');

export interface SyntheticDocument {
  documentId: string;
  tenantId: string;
  events: NewEvent[];
}

/** What varies between synthetic documents, as a function of their index. */
export interface SyntheticVariation {
  submittedAt: string;
  completedAt: string;
  company: string;
  /** A decimal string, as events carry money. */
  amount: string;
  invoiceDate: string;
  currency: string;
  number: string;
  costCenter: string;
}

/** Sender, amount, currency, invoice date and submission time vary with i, so filters and sorts have work to do. */
export const syntheticVariation = (index: number): SyntheticVariation => ({
  submittedAt: new Date(EPOCH + index * 60_000).toISOString(),
  completedAt: new Date(EPOCH + index * 60_000 + 2_000).toISOString(),
  company: `${COMPANIES[index % COMPANIES.length]} ${FORMS[Math.floor(index / COMPANIES.length) % FORMS.length]} ${index % 997}`,
  amount: (((index * 7919) % 500_000) / 100 + 1).toFixed(2),
  invoiceDate: new Date(EPOCH + ((index * 31) % 1000) * DAY_MS).toISOString().slice(0, 10),
  currency: CURRENCIES[index % CURRENCIES.length]!,
  number: `RE-${index}`,
  costCenter: `CC-${index % 50}`,
});

/** The i-th synthetic completed document (seven events, as a one-page upload leaves them), varied by syntheticVariation. */
export const syntheticCompletedDocument = (index: number, tenantId: string): SyntheticDocument => {
  const documentId = randomUUID();
  const { submittedAt, completedAt, company, amount, invoiceDate, currency, number, costCenter } = syntheticVariation(index);
  const [submitted, stored, converted, recognized, extracted, signed, completed] = structuredClone(COMPLETED_STREAM) as [
    DocumentEvent & { type: 'DocumentSubmitted' },
    DocumentEvent,
    DocumentEvent & { type: 'DocumentConverted' },
    DocumentEvent,
    DocumentEvent & { type: 'DataExtracted' },
    DocumentEvent,
    DocumentEvent & { type: 'ProcessingCompleted' },
  ];
  Object.assign(submitted.data, {
    documentId,
    tenantId,
    submittedAt,
    sources: [{ index: 0, kind: 'upload' }],
    customFields: { cost_center: costCenter },
  });
  Object.assign(stored.data, { origin: { kind: 'upload' } });
  Object.assign(converted.data, { failures: [] });
  const accounting = extracted.data.accountingDocument!;
  Object.assign(accounting, {
    invoice_date: invoiceDate,
    number,
    invoice_number: number,
    currency,
    amount_total: amount,
    amount_details: { ...accounting.amount_details!, gross_amount_total: amount },
  });
  Object.assign(extracted.data.senderAddress!, { company_name: company });
  Object.assign(completed.data, { completedAt });
  const events = toNewEvents([submitted, stored, converted, recognized, extracted, signed, completed], {
    tenantId,
    documentId,
    producer: 'bench-seed',
  });
  return { documentId, tenantId, events };
};
