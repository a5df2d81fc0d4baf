import type { DocumentEvent } from '../../contracts/events/document-events.js';
import type { DocumentState, SourceState } from './document-state.js';

export interface EventContext {
  revision: number;
  recordedAt: string;
}

const replaceSource = (sources: SourceState[], next: SourceState): SourceState[] =>
  sources.map((source) => (source.index === next.index ? next : source));

/**
 * The one fold from a document's events to its state, shared by every service and the projector.
 * Pure and total: unknown orderings (an event before DocumentSubmitted) leave the state unchanged.
 */
export const evolve = (state: DocumentState | null, event: DocumentEvent, context: EventContext): DocumentState | null => {
  if (event.type === 'DocumentSubmitted') {
    if (state) return { ...state, revision: context.revision, updatedAt: context.recordedAt };
    const data = event.data;
    return {
      documentId: data.documentId,
      tenantId: data.tenantId,
      revision: context.revision,
      submittedAt: data.submittedAt,
      updatedAt: context.recordedAt,
      customFields: data.customFields,
      requested: {
        documentType: data.documentType,
        extractLineItems: data.extractLineItems,
        extractionProcess: data.extractionProcess,
      },
      sources: data.sources.map((source) => ({
        index: source.index,
        kind: source.kind,
        url: source.kind === 'url' ? source.url : null,
        outcome: 'pending',
      })),
      conversion: null,
      recognition: null,
      extraction: null,
      signing: null,
      completion: null,
      failure: null,
    };
  }
  if (!state) return null;
  const next: DocumentState = { ...state, revision: context.revision, updatedAt: context.recordedAt };
  switch (event.type) {
    case 'SourceFileStored': {
      const source = state.sources.find((candidate) => candidate.index === event.data.sourceIndex);
      if (!source) return next;
      return { ...next, sources: replaceSource(state.sources, { ...source, outcome: 'stored', file: event.data.file }) };
    }
    case 'DownloadFailed': {
      const source = state.sources.find((candidate) => candidate.index === event.data.sourceIndex);
      if (!source) return next;
      return { ...next, sources: replaceSource(state.sources, { ...source, outcome: 'failed', failure: event.data }) };
    }
    case 'DocumentConverted':
      return { ...next, conversion: event.data };
    case 'TextRecognized':
      return { ...next, recognition: event.data };
    case 'DataExtracted':
      return { ...next, extraction: event.data };
    case 'DocumentSigned':
      return { ...next, signing: event.data };
    case 'ProcessingCompleted':
      return { ...next, completion: { at: event.data.completedAt } };
    case 'ProcessingFailed':
      return { ...next, failure: event.data };
  }
};
