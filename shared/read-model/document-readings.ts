import { isDeepStrictEqual } from 'node:util';
import type { EventData } from '../../contracts/events/document-events.js';
import type { PositionedDocumentEvent } from '../document/document-decider.js';
import type { JsonValue } from '../document/field-corrections.js';
import { readingFields } from './build-document-view.js';

/** One machine reading of a document, as its DataExtracted recorded it. */
export interface DocumentReading {
  /** Revision of its DataExtracted: the reading's id. */
  revision: number;
  extractedAt: string;
  /** Null for readings recorded before versions were kept. */
  extractorVersion: string | null;
  /** 0 for the first processing, n for the n-th reprocessing. */
  round: number;
  documentType: string;
  errorCodes: string[];
  /** Every field by path, as the reads show it: `accounting_document.items.0.title`, `sender_address.vat_id`. */
  fields: Record<string, JsonValue>;
}

export interface FieldDifference {
  path: string;
  from: JsonValue;
  to: JsonValue;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaves by dotted path; lists by index, an empty list or object as itself. */
const flatten = (value: unknown, path: string, into: Record<string, JsonValue>): Record<string, JsonValue> => {
  const entries = Array.isArray(value)
    ? value.map((entry, index) => [String(index), entry] as const)
    : isObject(value)
      ? Object.entries(value)
      : null;
  if (!entries || entries.length === 0) {
    into[path] = (value ?? null) as JsonValue;
    return into;
  }
  for (const [key, entry] of entries) flatten(entry, `${path}.${key}`, into);
  return into;
};

const fieldsOf = (reading: EventData<'DataExtracted'>): Record<string, JsonValue> => {
  const into: Record<string, JsonValue> = {};
  for (const [record, value] of Object.entries(readingFields(reading))) flatten(value, record, into);
  return into;
};

/** Every machine reading of a document in stream order, each in the round that made it. */
export const documentReadings = (events: PositionedDocumentEvent[]): DocumentReading[] => {
  let round = 0;
  const readings: DocumentReading[] = [];
  for (const event of events) {
    if (event.type === 'ReprocessingRequested') round += 1;
    if (event.type !== 'DataExtracted') continue;
    readings.push({
      revision: event.revision,
      extractedAt: event.recordedAt,
      extractorVersion: event.data.extractorVersion ?? null,
      round,
      documentType: event.data.documentType,
      errorCodes: event.data.errorCodes,
      fields: fieldsOf(event.data),
    });
  }
  return readings;
};

/** The fields two readings disagree on, in path order; a field only one of them has counts as null in the other. */
export const diffReadings = (from: DocumentReading, to: DocumentReading): FieldDifference[] => {
  const paths = [...new Set([...Object.keys(from.fields), ...Object.keys(to.fields)])].sort();
  return paths.flatMap((path) => {
    const before = from.fields[path] ?? null;
    const after = to.fields[path] ?? null;
    return isDeepStrictEqual(before, after) ? [] : [{ path, from: before, to: after }];
  });
};
