import { z } from 'zod';

/** A blob is addressed by the SHA-256 of its bytes; events reference blobs, never embed them. */
export const BlobRef = z.object({
  hash: z.string().regex(/^[a-f0-9]{64}$/),
  size: z.number().int().nonnegative(),
});
export type BlobRef = z.infer<typeof BlobRef>;

export const StoredFile = z.object({
  blob: BlobRef,
  fileName: z.string().min(1),
  mimeType: z.string().min(1),
});
export type StoredFile = z.infer<typeof StoredFile>;

export const IsoTimestamp = z.iso.datetime({ offset: false, precision: 3 });
export const IsoDate = z.iso.date();

export const DocumentTypes = ['invoice', 'receipt', 'credit_note', 'reminder', 'delivery_note', 'other'] as const;
export const DocumentType = z.enum(DocumentTypes);
export type DocumentType = z.infer<typeof DocumentType>;

export const ExtractionProcesses = ['basic-extraction', 'full-extraction', 'auto-accounting'] as const;
export const ExtractionProcess = z.enum(ExtractionProcesses);
export type ExtractionProcess = z.infer<typeof ExtractionProcess>;

/** Machine codes that end up in a document's `error_codes`. The README lists what each means. */
export const DocumentErrorCodes = [
  'download_failed',
  'unsupported_file_type',
  'conversion_failed',
  'too_many_pages',
  'ocr_failed',
  'signing_failed',
  'extraction_failed',
  'payment_credentials_unclear',
  'processing_failed',
] as const;
export const DocumentErrorCode = z.enum(DocumentErrorCodes);
export type DocumentErrorCode = z.infer<typeof DocumentErrorCode>;
