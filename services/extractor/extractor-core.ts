import type { EventData } from '../../contracts/events/document-events.js';
import type { ExtractedData } from '../../contracts/events/extracted-data.js';
import { effectiveExtractionProcess, effectiveExtractLineItems } from '../../shared/document/document-queries.js';
import type { StepEvent } from '../../shared/document/document-decider.js';
import type { DocumentState } from '../../shared/document/document-state.js';
import type { ExtractionRequest } from './fields/extraction-input.js';

/** Pages are converted and their text not yet recorded (also when conversion yielded no pages). */
export const isRecognitionDue = (state: DocumentState): boolean => state.conversion !== null && state.recognition === null;

/** Text is recorded and the data read from it is not. */
export const isExtractionDue = (state: DocumentState): boolean => state.recognition !== null && state.extraction === null;

/**
 * TextRecognized with the pages in page order, once: a redelivered message or a racing duplicate finds
 * recognition already recorded and decides nothing. Text for other pages than the converted ones is a bug.
 */
export const decideRecognition = (state: DocumentState, pages: EventData<'TextRecognized'>['pages']): StepEvent[] => {
  if (!isRecognitionDue(state)) return [];
  const sorted = [...pages].sort((a, b) => a.pageNumber - b.pageNumber);
  const expected = state.conversion!.pages.map((page) => page.pageNumber).sort((a, b) => a - b);
  if (sorted.map((page) => page.pageNumber).join() !== expected.join()) {
    throw new Error(`recognized pages [${sorted.map((page) => page.pageNumber)}] are not the converted pages [${expected}]`);
  }
  return [{ type: 'TextRecognized', data: { pages: sorted } }];
};

/** What the client asked the extraction for, as the document's state answers it for either API variant. */
export const extractionRequest = (state: DocumentState): ExtractionRequest => ({
  documentType: state.requested.documentType,
  extractionProcess: effectiveExtractionProcess(state),
  extractLineItems: effectiveExtractLineItems(state),
});

export const decideExtraction = (state: DocumentState, extracted: ExtractedData): StepEvent[] =>
  isExtractionDue(state) ? [{ type: 'DataExtracted', data: extracted }] : [];
