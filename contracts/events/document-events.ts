import { z } from 'zod';
import { DocumentErrorCode, DocumentType, ExtractionProcess, IsoTimestamp, StoredFile } from './common.js';
import { ExtractedData } from './extracted-data.js';

/**
 * Payload schemas of every event in a document's stream, one entry per (type, schema version).
 * Types never change meaning: a breaking change adds a version here plus an upcaster in `upcasters.ts`.
 */

const UrlSource = z.object({ index: z.number().int().nonnegative(), kind: z.literal('url'), url: z.url() });
const UploadSource = z.object({ index: z.number().int().nonnegative(), kind: z.literal('upload') });
export const SubmittedSource = z.discriminatedUnion('kind', [UrlSource, UploadSource]);
export type SubmittedSource = z.infer<typeof SubmittedSource>;

export const DocumentSubmittedV1 = z.object({
  documentId: z.string().min(1),
  tenantId: z.string().min(1),
  submittedAt: IsoTimestamp,
  sources: z.array(SubmittedSource).min(1),
  customFields: z.record(z.string(), z.unknown()),
  /** As requested; null when the client left classification to the extractor. */
  documentType: DocumentType.nullable(),
  /** As requested; null when the client did not say (older API variant). */
  extractLineItems: z.boolean().nullable(),
  /** As requested; null when the client did not say (newer API variant). */
  extractionProcess: ExtractionProcess.nullable(),
});

export const SourceFileStoredV1 = z.object({
  sourceIndex: z.number().int().nonnegative(),
  file: StoredFile,
  /** Where the bytes came from: the submitted URL (after redirects) or the request body. */
  origin: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('download'), url: z.string(), finalUrl: z.string() }),
    z.object({ kind: z.literal('upload') }),
  ]),
});

export const DownloadFailedV1 = z.object({
  sourceIndex: z.number().int().nonnegative(),
  url: z.string(),
  /** Why, as a machine code: `timeout`, `too_large`, `blocked_address`, `http_status`, `too_many_redirects`, … */
  reason: z.string().min(1),
  detail: z.string(),
  httpStatus: z.number().int().nullable(),
});

const ConvertedPageV1 = z.object({
  pageNumber: z.number().int().positive(),
  sourceIndex: z.number().int().nonnegative(),
  /** Page number inside its source file. */
  sourcePage: z.number().int().positive(),
  /** Upright raster of the page at OCR resolution. */
  image: StoredFile,
  preview: StoredFile,
  widthPx: z.number().int().positive(),
  heightPx: z.number().int().positive(),
});

export const SourceConversionFailure = z.object({
  sourceIndex: z.number().int().nonnegative(),
  code: DocumentErrorCode,
  detail: z.string(),
});

export const DocumentConvertedV1 = z.object({
  pages: z.array(ConvertedPageV1),
  thumbnail: StoredFile.nullable(),
  failures: z.array(SourceConversionFailure),
});

/**
 * v2: a born-digital page that shows nothing but its text has no raster. `widthPx` and `heightPx` keep
 * their meaning (the page's size at OCR resolution), so word boxes stay in the same units.
 */
export const ConvertedPageV2 = ConvertedPageV1.extend({
  /**
   * Upright raster of the page at OCR resolution (PNG). Null exactly when the page comes from a PDF, its
   * text layer is usable (see `isUsableTextLayer`), and it paints nothing but text: no image, path,
   * shading or form XObject, and no annotation other than a link or pop-up note. Such a page is read from
   * its text layer, holds no picture to OCR nor QR code, and is copied from its PDF into the searchable one.
   */
  image: StoredFile.nullable(),
});

export const DocumentConvertedV2 = DocumentConvertedV1.extend({ pages: z.array(ConvertedPageV2) });

/**
 * v3: no page with a usable text layer has a raster any more, whatever else it paints; whether it paints
 * anything but text is said apart. A reader that needs some of its pixels (a picture to OCR, a QR code to
 * look for) draws just those from the source PDF.
 */
export const ConvertedPageV3 = ConvertedPageV2.extend({
  /**
   * Upright raster of the page at OCR resolution (PNG). Null exactly when the page comes from a PDF and
   * its text layer is usable (see `isUsableTextLayer`): such a page is read from its text layer and copied
   * from its PDF into the searchable one.
   */
  image: StoredFile.nullable(),
  /**
   * The page comes from a PDF, its text layer is usable, and it paints nothing but text: no image, path,
   * shading or form XObject, and no annotation other than a link or pop-up note. It holds no picture to
   * OCR nor QR code. False for every other page.
   */
  showsOnlyText: z.boolean(),
});
/** A page as code reads it today (the newest version). */
export type ConvertedPage = z.infer<typeof ConvertedPageV3>;

export const DocumentConvertedV3 = DocumentConvertedV1.extend({ pages: z.array(ConvertedPageV3) });

export const RecognizedPage = z.object({
  pageNumber: z.number().int().positive(),
  text: z.string(),
  method: z.enum(['ocr', 'text_layer', 'xml']),
  /** Mean word confidence, 0..1; null when the text was not recognized from pixels. */
  confidence: z.number().min(0).max(1).nullable(),
});

export const TextRecognizedV1 = z.object({
  pages: z.array(RecognizedPage),
});

/** v2: each page also references its words with their boxes (a JSON blob of `PageWords`), or null. */
export const RecognizedPageV2 = RecognizedPage.extend({ words: StoredFile.nullable() });
export const TextRecognizedV2 = z.object({
  pages: z.array(RecognizedPageV2),
});

export const DataExtractedV1 = ExtractedData;

export const DocumentSignedV1 = z.object({
  enhancedPdf: StoredFile,
  signedPdf: StoredFile.nullable(),
});

export const ProcessingCompletedV1 = z.object({ completedAt: IsoTimestamp });

export const ProcessingFailedV1 = z.object({
  code: DocumentErrorCode,
  stage: z.string().min(1),
  detail: z.string(),
});

/**
 * A data-protection request erased the document: its key is destroyed, so every other payload of its
 * stream reads as shredded. This event stays readable, to say who asked, when and why; it lists the
 * blobs the document referenced (content hashes, no content) so they can be deleted.
 */
export const DocumentErasedV1 = z.object({
  erasedAt: IsoTimestamp,
  /** Who asked: the tenant and the token's id (never the token). */
  requestedBy: z.object({ tenantId: z.string().min(1), tokenId: z.string().nullable() }),
  reason: z.string().max(1000).nullable(),
  blobs: z.array(z.string().regex(/^[0-9a-f]{64}$/)),
  /** False when the stream was written before payloads were encrypted: then only views and blobs go. */
  payloadsShredded: z.boolean(),
});

/** A dotted path to a corrected field: `accounting_document.items`, `sender_address.vat_id`, `accounting_document.esr.reference_esr`. */
export const CorrectedFieldPath = z.string().regex(/^(accounting_document|sender_address|receiver_address)(\.[a-z_]+){0,2}$/);

/**
 * A reviewer corrected extracted fields. Each field path carries the value shown before and the value
 * set, in the events' data shape (money as decimal strings); lists (line items, payment conditions,
 * bank accounts, partial amounts) are replaced whole. Who asked is the event's `metadata.requestedBy`
 * (tenant and token id); `reviewer` is the display name the client gave, if any.
 */
export const FieldsCorrectedV1 = z.object({
  correctedAt: IsoTimestamp,
  reviewer: z.string().min(1).max(200).nullable(),
  reason: z.string().min(1).max(2000),
  corrections: z.array(z.object({ path: CorrectedFieldPath, oldValue: z.json(), newValue: z.json() })).min(1),
});

/** What a reprocessing redoes: `extraction` reads the recognized text again; `conversion` also renders and recognizes the pages again. */
export const ReprocessingScopes = ['extraction', 'conversion'] as const;
export const ReprocessingScope = z.enum(ReprocessingScopes);
export type ReprocessingScope = z.infer<typeof ReprocessingScope>;

/**
 * Someone asked for a finished document to be processed again (after an extractor update, say). The
 * steps of the scope run again and the document completes again; corrections stay in force. Who asked
 * is the event's `metadata.requestedBy`, or its producer for an operator's bulk run.
 */
export const ReprocessingRequestedV1 = z.object({
  requestedAt: IsoTimestamp,
  scope: ReprocessingScope,
  reason: z.string().min(1).max(2000).nullable(),
});

/** Every (type, version) the system has ever written. Old versions stay here forever. */
export const eventSchemas = {
  DocumentSubmitted: { 1: DocumentSubmittedV1 },
  SourceFileStored: { 1: SourceFileStoredV1 },
  DownloadFailed: { 1: DownloadFailedV1 },
  DocumentConverted: { 1: DocumentConvertedV1, 2: DocumentConvertedV2, 3: DocumentConvertedV3 },
  TextRecognized: { 1: TextRecognizedV1, 2: TextRecognizedV2 },
  DataExtracted: { 1: DataExtractedV1 },
  DocumentSigned: { 1: DocumentSignedV1 },
  ProcessingCompleted: { 1: ProcessingCompletedV1 },
  ProcessingFailed: { 1: ProcessingFailedV1 },
  DocumentErased: { 1: DocumentErasedV1 },
  FieldsCorrected: { 1: FieldsCorrectedV1 },
  ReprocessingRequested: { 1: ReprocessingRequestedV1 },
} as const;

export type DocumentEventType = keyof typeof eventSchemas;

/** The newest version of each type: what code decides and evolves on. */
export type DocumentEvent =
  | { type: 'DocumentSubmitted'; data: z.infer<typeof DocumentSubmittedV1> }
  | { type: 'SourceFileStored'; data: z.infer<typeof SourceFileStoredV1> }
  | { type: 'DownloadFailed'; data: z.infer<typeof DownloadFailedV1> }
  | { type: 'DocumentConverted'; data: z.infer<typeof DocumentConvertedV3> }
  | { type: 'TextRecognized'; data: z.infer<typeof TextRecognizedV2> }
  | { type: 'DataExtracted'; data: z.infer<typeof DataExtractedV1> }
  | { type: 'DocumentSigned'; data: z.infer<typeof DocumentSignedV1> }
  | { type: 'ProcessingCompleted'; data: z.infer<typeof ProcessingCompletedV1> }
  | { type: 'ProcessingFailed'; data: z.infer<typeof ProcessingFailedV1> }
  | { type: 'DocumentErased'; data: z.infer<typeof DocumentErasedV1> }
  | { type: 'FieldsCorrected'; data: z.infer<typeof FieldsCorrectedV1> }
  | { type: 'ReprocessingRequested'; data: z.infer<typeof ReprocessingRequestedV1> };

export type EventData<T extends DocumentEventType> = Extract<DocumentEvent, { type: T }>['data'];
