import type { DocumentErrorCode, ExtractionProcess } from '../../contracts/events/common.js';
import type { DocumentState } from './document-state.js';

/** Questions every service asks of a document's state, answered in one place. */

export const sourcesResolved = (state: DocumentState): boolean => state.sources.every((source) => source.outcome !== 'pending');

export const storedFiles = (state: DocumentState) =>
  state.sources.flatMap((source) => (source.outcome === 'stored' ? [{ index: source.index, file: source.file }] : []));

export const isFinished = (state: DocumentState): boolean => state.completion !== null || state.failure !== null;

/** Older clients say `extraction_process` only; newer ones `extract_line_items` and `document_type`. */
export const effectiveExtractionProcess = (state: DocumentState): ExtractionProcess =>
  state.requested.extractionProcess ?? 'full-extraction';

export const effectiveExtractLineItems = (state: DocumentState): boolean =>
  state.requested.extractLineItems ??
  (state.requested.extractionProcess === 'full-extraction' || state.requested.extractionProcess === 'auto-accounting');

/** Error codes derive from the events alone, in the order the problems happened, each once. */
export const errorCodes = (state: DocumentState): DocumentErrorCode[] => {
  const codes: DocumentErrorCode[] = [];
  if (state.sources.some((source) => source.outcome === 'failed')) codes.push('download_failed');
  for (const failure of state.conversion?.failures ?? []) codes.push(failure.code);
  for (const code of state.extraction?.errorCodes ?? []) codes.push(code);
  if (state.signing && state.signing.signedPdf === null) codes.push('signing_failed');
  if (state.failure) codes.push(state.failure.code);
  return [...new Set(codes)];
};

/**
 * Whether every step the document needs has been recorded. Services append ProcessingCompleted
 * together with the last step they record, so whichever step finishes last completes the document.
 * A document with files always goes through conversion, recognition and extraction, even when
 * conversion yields no pages (e-invoice XML, unreadable files): each step records what it found.
 * A document with pages also waits for its searchable PDF (DocumentSigned, signed copy or not).
 */
export const allStepsRecorded = (state: DocumentState): boolean => {
  if (!sourcesResolved(state)) return false;
  if (storedFiles(state).length === 0) return true;
  if (state.conversion === null || state.recognition === null || state.extraction === null) return false;
  return state.conversion.pages.length === 0 || state.signing !== null;
};
