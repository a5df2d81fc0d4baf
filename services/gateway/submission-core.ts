import type { DocumentType, ExtractionProcess, StoredFile } from '../../contracts/events/common.js';
import type { DocumentEvent } from '../../contracts/events/document-events.js';

export interface SubmitDocument {
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
}

/**
 * A submission opens the document's stream. URLs come first, then inline files, each in request
 * order; inline files are recorded as stored at once, so the downloader only sees URLs.
 */
export const decideSubmission = (command: SubmitDocument): DocumentEvent[] => {
  const urlSources = command.urls.map((url, index) => ({ index, kind: 'url' as const, url }));
  const uploadSources = command.uploads.map((_, offset) => ({ index: command.urls.length + offset, kind: 'upload' as const }));
  return [
    {
      type: 'DocumentSubmitted',
      data: {
        documentId: command.documentId,
        tenantId: command.tenantId,
        submittedAt: command.submittedAt,
        sources: [...urlSources, ...uploadSources],
        customFields: command.customFields,
        documentType: command.documentType,
        extractLineItems: command.extractLineItems,
        extractionProcess: command.extractionProcess,
      },
    },
    ...command.uploads.map(
      (file, offset): DocumentEvent => ({
        type: 'SourceFileStored',
        data: { sourceIndex: command.urls.length + offset, file, origin: { kind: 'upload' } },
      }),
    ),
  ];
};
