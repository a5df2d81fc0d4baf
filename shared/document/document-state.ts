import type { DocumentType, ExtractionProcess, StoredFile } from '../../contracts/events/common.js';
import type { ConvertedPage, EventData, ReprocessingScope, SubmittedSource } from '../../contracts/events/document-events.js';
import type { ExtractedData } from '../../contracts/events/extracted-data.js';
import type { AppliedCorrection } from './field-corrections.js';

export type SourceState =
  | { index: number; kind: SubmittedSource['kind']; url: string | null; outcome: 'pending' }
  | { index: number; kind: SubmittedSource['kind']; url: string | null; outcome: 'stored'; file: StoredFile }
  | { index: number; kind: SubmittedSource['kind']; url: string | null; outcome: 'failed'; failure: EventData<'DownloadFailed'> };

/** What the steps recorded; a reprocessing clears the results it redoes. */
export interface StepResults {
  conversion: { pages: ConvertedPage[]; thumbnail: StoredFile | null; failures: EventData<'DocumentConverted'>['failures'] } | null;
  recognition: EventData<'TextRecognized'> | null;
  /** The machine reading of this round, as the extractor recorded it. */
  extraction: ExtractedData | null;
  signing: EventData<'DocumentSigned'> | null;
}

export interface DocumentState extends StepResults {
  documentId: string;
  tenantId: string;
  /** Revision of the last event applied; -1 before the first. */
  revision: number;
  submittedAt: string;
  updatedAt: string;
  customFields: Record<string, unknown>;
  requested: {
    documentType: DocumentType | null;
    extractLineItems: boolean | null;
    extractionProcess: ExtractionProcess | null;
  };
  sources: SourceState[];
  /** Fields reviewers set, in the order they were set; they are shown over every machine reading. */
  corrections: AppliedCorrection[];
  /**
   * The latest reprocessing, if any: its round (1, 2, …) and what it redoes. While it runs, reads show
   * `previousRound`'s results for what is not redone yet.
   */
  reprocessing: { round: number; scope: ReprocessingScope; requestedAt: string } | null;
  previousRound: StepResults | null;
  completion: { at: string } | null;
  failure: EventData<'ProcessingFailed'> | null;
}
