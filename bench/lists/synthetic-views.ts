import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '../../shared/ports/event-store.js';
import { foldDocument } from '../../shared/document/document-stream.js';
import { buildDocumentView } from '../../shared/read-model/build-document-view.js';
import type { DocumentView } from '../../shared/read-model/document-view.js';
import { syntheticCompletedDocument, syntheticVariation } from '../service/synthetic-documents.js';

/** The view the projector builds for bench:seed's first synthetic document: its events folded by the decider, built by the view builder. */
const templateView = (): DocumentView => {
  const { events } = syntheticCompletedDocument(0, 'template');
  const recorded: RecordedEvent[] = events.map((event, revision) => ({
    ...event,
    eventId: randomUUID(),
    streamName: 'document-template',
    revision,
    position: revision + 1,
    recordedAt: '2024-01-01T00:00:02.000Z',
  }));
  const state = foldDocument(recorded);
  if (!state) throw new Error('the synthetic document folds to nothing');
  return buildDocumentView(state, events.length, { estimatedSecondsPerFile: 10 });
};

/**
 * Views of bench:seed's synthetic completed documents without folding each one (that takes a
 * millisecond a document): the first one's view, with what syntheticVariation varies set per index.
 */
export const syntheticViews = () => {
  const template = templateView();
  return (index: number, tenantId: string): DocumentView => {
    const view = structuredClone(template);
    const varied = syntheticVariation(index);
    const { document, accounting_document: accounting, sender_address: sender } = view;
    view.id = randomUUID();
    view.tenant_id = tenantId;
    view.position = index + 1;
    Object.assign(document, {
      tenant_id: tenantId,
      created_at: varied.submittedAt,
      updated_at: varied.completedAt,
      estimated_time_of_completion: varied.completedAt,
      custom_fields: { cost_center: varied.costCenter },
    });
    Object.assign(accounting!, {
      created_at: varied.completedAt,
      updated_at: varied.completedAt,
      invoice_date: varied.invoiceDate,
      number: varied.number,
      invoice_number: varied.number,
      currency: varied.currency,
      amount_total: Number(varied.amount),
      amount_details: { ...accounting!.amount_details, gross_amount_total: varied.amount },
    });
    Object.assign(sender!, { company_name: varied.company, created_at: varied.completedAt, updated_at: varied.completedAt });
    return view;
  };
};
