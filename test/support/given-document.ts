import type { DocumentEvent, EventData } from '../../contracts/events/document-events.js';
import { foldEvents, type PositionedDocumentEvent } from '../../shared/document/document-decider.js';
import type { DocumentState } from '../../shared/document/document-state.js';

/** Events as a stream would hold them: revisions from 0, one second apart from 10:00:00. */
export const inStream = (events: DocumentEvent[]): PositionedDocumentEvent[] =>
  events.map((event, revision) => ({ ...event, revision, recordedAt: new Date(Date.UTC(2026, 2, 12, 10, 0, revision)).toISOString() }));

/** Given these events (in order), the document's state, as every service would see it. */
export const givenDocument = (...events: DocumentEvent[]): DocumentState => {
  const state = foldEvents(inStream(events));
  if (!state) throw new Error('givenDocument needs a DocumentSubmitted first');
  return state;
};

export const submitted = (overrides: Partial<EventData<'DocumentSubmitted'>> = {}): DocumentEvent => ({
  type: 'DocumentSubmitted',
  data: {
    documentId: 'doc-1',
    tenantId: 'tenant-a',
    submittedAt: '2026-03-12T10:00:00.000Z',
    sources: [{ index: 0, kind: 'url', url: 'https://files.example.com/invoice.pdf' }],
    customFields: {},
    documentType: null,
    extractLineItems: null,
    extractionProcess: null,
    ...overrides,
  },
});

export const storedFile = (sourceIndex: number, mimeType = 'application/pdf', fileName = 'invoice.pdf'): DocumentEvent => ({
  type: 'SourceFileStored',
  data: {
    sourceIndex,
    file: { blob: { hash: String(sourceIndex).padStart(64, 'a'), size: 1234 }, fileName, mimeType },
    origin: { kind: 'upload' },
  },
});
