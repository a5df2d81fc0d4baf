import type { DocumentType, ExtractionProcess, StoredFile } from '../../contracts/events/common.js';
import type { ConvertedPage, EventData, SubmittedSource } from '../../contracts/events/document-events.js';
import type { ExtractedData } from '../../contracts/events/extracted-data.js';
import type { AppliedCorrection } from './field-corrections.js';

export type SourceState =
  | { index: number; kind: SubmittedSource['kind']; url: string | null; outcome: 'pending' }
  | { index: number; kind: SubmittedSource['kind']; url: string | null; outcome: 'stored'; file: StoredFile }
  | { index: number; kind: SubmittedSource['kind']; url: string | null; outcome: 'failed'; failure: EventData<'DownloadFailed'> };

export interface DocumentState {
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
  conversion: { pages: ConvertedPage[]; thumbnail: StoredFile | null; failures: EventData<'DocumentConverted'>['failures'] } | null;
  recognition: EventData<'TextRecognized'> | null;
  /** The newest machine reading, as the extractor recorded it. */
  extraction: ExtractedData | null;
  /** Fields reviewers set, in the order they were set; they are shown over every machine reading. */
  corrections: AppliedCorrection[];
  signing: EventData<'DocumentSigned'> | null;
  completion: { at: string } | null;
  failure: EventData<'ProcessingFailed'> | null;
}
