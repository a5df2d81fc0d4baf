import type { DocumentType, ExtractionProcess, StoredFile } from '../../contracts/events/common.js';
import type { DocumentEvent, EventData } from '../../contracts/events/document-events.js';
import { AppError } from '../errors/app-error.js';
import type { DocumentState, SourceState, StepResults } from './document-state.js';
import { allStepsRecorded, isFinished, storedFiles } from './document-queries.js';
import { changesAgainst, correctedExtraction, withCorrection, type FieldChange } from './field-corrections.js';

/**
 * The document's rules in one place, in the decider shape (emmett's `Decider`):
 * `decide(command, state) → events`, `evolve(state, event) → state`, `initialState()`.
 * Every service, the projector and the tests fold a stream with this `evolve`, and every write to a
 * document's stream is decided here.
 */

/** Where an event stands in its stream: travels with the event, so `evolve` needs nothing made up. */
export interface EventPosition {
  /** 0-based revision inside the document's stream. */
  revision: number;
  recordedAt: string;
}

export type PositionedDocumentEvent = DocumentEvent & EventPosition;

export interface SubmitDocument {
  type: 'SubmitDocument';
  data: {
    documentId: string;
    tenantId: string;
    submittedAt: string;
    urls: string[];
    /** Files sent inline, already in the blob store. */
    uploads: StoredFile[];
    customFields: Record<string, unknown>;
    documentType: DocumentType | null;
    extractLineItems: boolean | null;
    extractionProcess: ExtractionProcess | null;
  };
}

/** What a processing step found: its events are recorded unless the document is finished or already has them. */
export interface RecordStepResults {
  type: 'RecordStepResults';
  data: { events: StepEvent[]; at: string };
}

export interface FailProcessing {
  type: 'FailProcessing';
  data: EventData<'ProcessingFailed'>;
}

/** A data-protection request: the document is erased, whatever state it is in. */
export interface EraseDocument {
  type: 'EraseDocument';
  data: EventData<'DocumentErased'>;
}

/**
 * A reviewer sets fields of the extracted records (values in the events' data shape). The request
 * names the revision it saw (its If-Match), so a correction never silently overwrites a newer one.
 */
export interface CorrectFields {
  type: 'CorrectFields';
  data: {
    expectedRevision: number;
    changes: FieldChange[];
    reason: string;
    reviewer: string | null;
    correctedAt: string;
  };
}

/** Someone asks for a finished document to be processed again, from its extraction or its conversion on. */
export interface RequestReprocessing {
  type: 'RequestReprocessing';
  data: EventData<'ReprocessingRequested'>;
}

export type DocumentCommand = SubmitDocument | RecordStepResults | FailProcessing | EraseDocument | CorrectFields | RequestReprocessing;

/** The events processing steps record; submission, completion and failure are the document's own. */
export type StepEvent = Extract<
  DocumentEvent,
  { type: 'SourceFileStored' | 'DownloadFailed' | 'DocumentConverted' | 'TextRecognized' | 'DataExtracted' | 'DocumentSigned' }
>;

export const initialState = (): DocumentState | null => null;

const replaceSource = (sources: SourceState[], next: SourceState): SourceState[] =>
  sources.map((source) => (source.index === next.index ? next : source));

const submittedState = (data: EventData<'DocumentSubmitted'>, position: EventPosition): DocumentState => ({
  documentId: data.documentId,
  tenantId: data.tenantId,
  revision: position.revision,
  submittedAt: data.submittedAt,
  updatedAt: position.recordedAt,
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
  corrections: [],
  signing: null,
  reprocessing: null,
  previousRound: null,
  completion: null,
  failure: null,
});

/** The results a reprocessing redoes: from the reading of the text, or from the rendering of the pages. */
const REDONE: Record<EventData<'ReprocessingRequested'>['scope'], Array<keyof StepResults>> = {
  extraction: ['extraction'],
  conversion: ['conversion', 'recognition', 'extraction', 'signing'],
};

/** A new round: the redone results are cleared (so their steps are due again) and kept as the previous round's. */
const reprocessingState = (state: DocumentState, data: EventData<'ReprocessingRequested'>): DocumentState => {
  const previous = state.previousRound;
  const previousRound: StepResults = {
    conversion: state.conversion ?? previous?.conversion ?? null,
    recognition: state.recognition ?? previous?.recognition ?? null,
    extraction: state.extraction ?? previous?.extraction ?? null,
    signing: state.signing ?? previous?.signing ?? null,
  };
  const cleared = Object.fromEntries(REDONE[data.scope].map((result) => [result, null]));
  return {
    ...state,
    ...cleared,
    previousRound,
    reprocessing: { round: (state.reprocessing?.round ?? 0) + 1, scope: data.scope, requestedAt: data.requestedAt },
    completion: null,
    failure: null,
  };
};

/**
 * The one fold from a document's events to its state. Pure and total: an event before
 * DocumentSubmitted, or a second submission, changes nothing but the position.
 */
export const evolve = (state: DocumentState | null, event: PositionedDocumentEvent): DocumentState | null => {
  const position = { revision: event.revision, recordedAt: event.recordedAt };
  if (event.type === 'DocumentSubmitted') {
    return state ? { ...state, revision: position.revision, updatedAt: position.recordedAt } : submittedState(event.data, position);
  }
  if (!state) return null;
  const next: DocumentState = { ...state, revision: position.revision, updatedAt: position.recordedAt };
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
    case 'DocumentErased':
      // An erased document is no longer anyone's to read or process; only its erasure stays on record.
      return null;
    case 'ReprocessingRequested':
      return reprocessingState(next, event.data);
    case 'FieldsCorrected': {
      const { correctedAt, reviewer, reason } = event.data;
      const corrections = event.data.corrections.reduce(
        (current, { path, newValue }) =>
          withCorrection(current, { path, value: newValue, correctedAt, reviewer, reason, revision: position.revision }),
        state.corrections,
      );
      return { ...next, corrections };
    }
  }
};

/** Folds events already in their stream order; `from` continues a fold (a projection's cached state). */
export const foldEvents = (events: PositionedDocumentEvent[], from: DocumentState | null = initialState()): DocumentState | null =>
  events.reduce(evolve, from);

/** Positions decided events as they will be recorded if the append succeeds. */
const positioned = (state: DocumentState | null, events: DocumentEvent[], at: string): PositionedDocumentEvent[] =>
  events.map((event, offset) => ({ ...event, revision: (state?.revision ?? -1) + 1 + offset, recordedAt: at }));

/** Whether the state holds this step's result already: a redelivered message then records nothing. */
const alreadyRecorded = (state: DocumentState, event: StepEvent): boolean => {
  switch (event.type) {
    case 'SourceFileStored':
    case 'DownloadFailed':
      return state.sources.find((source) => source.index === event.data.sourceIndex)?.outcome !== 'pending';
    case 'DocumentConverted':
      return state.conversion !== null;
    case 'TextRecognized':
      return state.recognition !== null;
    case 'DataExtracted':
      return state.extraction !== null;
    case 'DocumentSigned':
      return state.signing !== null;
  }
};

/** The document is complete with whichever step records the last thing it needs. */
const withCompletion = (state: DocumentState, decided: DocumentEvent[], at: string): DocumentEvent[] => {
  const after = foldEvents(positioned(state, decided, at), state);
  if (!after || after.completion || !allStepsRecorded(after)) return decided;
  return [...decided, { type: 'ProcessingCompleted', data: { completedAt: at } }];
};

const alreadySubmitted = (documentId: string) =>
  new AppError({
    code: 'document_exists',
    status: 409,
    title: 'Document exists',
    detail: `document ${documentId} was submitted already`,
  });

const refused = (code: string, status: number, title: string, detail: string) => new AppError({ code, status, title, detail });

/**
 * Corrections are for data the machine has finished reading: not while it is still at work, and not
 * for a document that has none. Only what differs from what is shown is recorded.
 */
const correct = ({ data }: CorrectFields, state: DocumentState | null): DocumentEvent[] => {
  if (!state) throw refused('not_found', 404, 'Not found', 'no such document');
  if (!isFinished(state)) {
    throw refused(
      'document_processing',
      409,
      'Document still processing',
      'the document can be corrected once its processing has finished',
    );
  }
  if (!state.extraction) {
    throw refused('no_extracted_data', 409, 'Nothing to correct', 'the document has no extracted data to correct');
  }
  if (data.expectedRevision !== state.revision) {
    throw refused(
      'stale_revision',
      412,
      'Precondition failed',
      `the document changed since revision ${data.expectedRevision}; it is at revision ${state.revision}: read it again`,
    );
  }
  const corrections = changesAgainst(correctedExtraction(state.extraction, state.corrections), data.changes);
  if (corrections.length === 0) return [];
  return [{ type: 'FieldsCorrected', data: { correctedAt: data.correctedAt, reviewer: data.reviewer, reason: data.reason, corrections } }];
};

/**
 * A finished document (done or failed) can be processed again; while it is processing, not. Reading
 * again needs recognized text; converting again needs a stored file.
 */
const requestReprocessing = ({ data }: RequestReprocessing, state: DocumentState | null): DocumentEvent[] => {
  if (!state) throw refused('not_found', 404, 'Not found', 'no such document');
  if (!isFinished(state)) {
    throw refused(
      'document_processing',
      409,
      'Document still processing',
      'the document can be reprocessed once its processing has finished',
    );
  }
  if (storedFiles(state).length === 0) {
    throw refused('nothing_to_reprocess', 409, 'Nothing to reprocess', 'the document has no stored file to process again');
  }
  if (data.scope === 'extraction' && state.recognition === null) {
    throw refused(
      'nothing_to_reprocess',
      409,
      'Nothing to reprocess',
      'the document has no recognized text to read again: reprocess its conversion',
    );
  }
  return [{ type: 'ReprocessingRequested', data }];
};

/**
 * A submission opens the stream: URLs come first, then inline files, each in request order; inline
 * files are recorded as stored at once, so the downloader only sees URLs.
 */
const submit = ({ data }: SubmitDocument, state: DocumentState | null): DocumentEvent[] => {
  if (state) throw alreadySubmitted(data.documentId);
  const urlSources = data.urls.map((url, index) => ({ index, kind: 'url' as const, url }));
  const uploadSources = data.uploads.map((_, offset) => ({ index: data.urls.length + offset, kind: 'upload' as const }));
  const submitted: DocumentEvent = {
    type: 'DocumentSubmitted',
    data: {
      documentId: data.documentId,
      tenantId: data.tenantId,
      submittedAt: data.submittedAt,
      sources: [...urlSources, ...uploadSources],
      customFields: data.customFields,
      documentType: data.documentType,
      extractLineItems: data.extractLineItems,
      extractionProcess: data.extractionProcess,
    },
  };
  const stored = data.uploads.map((file, offset): DocumentEvent => ({
    type: 'SourceFileStored',
    data: { sourceIndex: data.urls.length + offset, file, origin: { kind: 'upload' } },
  }));
  return [submitted, ...stored];
};

/** Decides what a command records on the document's stream; [] when there is nothing (left) to record. */
export const decide = (command: DocumentCommand, state: DocumentState | null): DocumentEvent[] => {
  if (command.type === 'SubmitDocument') return submit(command, state);
  if (command.type === 'EraseDocument') return state ? [{ type: 'DocumentErased', data: command.data }] : [];
  if (command.type === 'CorrectFields') return correct(command, state);
  if (command.type === 'RequestReprocessing') return requestReprocessing(command, state);
  if (!state || isFinished(state)) return [];
  if (command.type === 'FailProcessing') return [{ type: 'ProcessingFailed', data: command.data }];
  const fresh = command.data.events.filter((event) => !alreadyRecorded(state, event));
  return fresh.length === 0 ? [] : withCompletion(state, fresh, command.data.at);
};

export const documentDecider = { decide, evolve, initialState };
