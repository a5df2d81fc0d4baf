import { z } from 'zod';
import { DocumentType, ExtractionProcess } from '../events/common.js';

export const CUSTOM_FIELD_KEY = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_SOURCES_PER_DOCUMENT = 20;

/** Strict base64 (RFC 4648 §4), optionally as a data URL; whitespace and line breaks are tolerated. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+(;[\w-]+=[\w.-]+)*;base64,/;

export const decodeBase64File = (value: string): Buffer | null => {
  const payload = value.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (payload.length === 0 || !BASE64.test(payload)) return null;
  return Buffer.from(payload, 'base64');
};

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

const CustomFieldValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

export const CreateDocumentAttributes = z
  .object({
    urls: z.array(HttpUrl).max(MAX_SOURCES_PER_DOCUMENT).optional(),
    base64_files: z
      .array(z.string().refine((value) => decodeBase64File(value) !== null, 'must be a non-empty base64 string'))
      .max(MAX_SOURCES_PER_DOCUMENT)
      .optional(),
    custom_fields: z
      .record(z.string().regex(CUSTOM_FIELD_KEY, 'keys are 1-64 letters, digits, _ or -'), CustomFieldValue)
      .refine((fields) => Object.keys(fields).length <= 50, 'at most 50 custom fields')
      .optional(),
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
