import { z } from 'zod';
import { DocumentType, ExtractionProcess } from '../events/common.js';
import { decodeBase64File } from './base64-file.js';
import { CustomFields } from './custom-fields.js';

export const MAX_SOURCES_PER_DOCUMENT = 20;

/** An inline file, decoded: the parsed body carries its bytes. */
const Base64File = z.string().transform((value, context) => {
  const bytes = decodeBase64File(value);
  if (bytes) return bytes;
  context.addIssue({ code: 'custom', message: 'must be a non-empty base64 string' });
  return z.NEVER;
});

export const HttpUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'must be an absolute http or https URL');

export const CreateDocumentAttributes = z
  .object({
    urls: z.array(HttpUrl).max(MAX_SOURCES_PER_DOCUMENT).optional(),
    base64_files: z.array(Base64File).max(MAX_SOURCES_PER_DOCUMENT).optional(),
    custom_fields: CustomFields.optional(),
    document_type: DocumentType.optional(),
    extract_line_items: z.boolean().optional(),
    extraction_process: ExtractionProcess.optional(),
  })
  .strict()
  .superRefine((attributes, context) => {
    const count = (attributes.urls?.length ?? 0) + (attributes.base64_files?.length ?? 0);
    if (count === 0) {
      context.addIssue({ code: 'custom', path: [], message: 'give at least one of urls or base64_files, non-empty' });
    }
    if (count > MAX_SOURCES_PER_DOCUMENT) {
      context.addIssue({ code: 'custom', path: [], message: `at most ${MAX_SOURCES_PER_DOCUMENT} files per document` });
    }
  });

/** Both resource type spellings the interface shows are accepted; the answer echoes the one used. */
export const CreateDocumentBody = z
  .object({
    data: z
      .object({
        type: z.enum(['documents', 'document']),
        attributes: CreateDocumentAttributes,
      })
      .strict(),
    meta: z.record(z.string(), z.unknown()).optional(),
    jsonapi: z.object({ version: z.string().optional() }).optional(),
  })
  .strict();
export type CreateDocumentBody = z.infer<typeof CreateDocumentBody>;
