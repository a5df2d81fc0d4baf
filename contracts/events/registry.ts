import type { z } from 'zod';
import { AppError } from '../../shared/errors/app-error.js';
import { eventSchemas, type DocumentEvent } from './document-events.js';
import { upcasters as defaultUpcasters, type UpcasterTable } from './upcasters.js';

type SchemaTable = Record<string, Record<number, z.ZodType>>;

export interface StoredEventBody {
  type: string;
  schemaVersion: number;
  data: unknown;
}

const latestVersions = new WeakMap<SchemaTable, Map<string, number>>();

/** The newest version of a type, worked out once per table and type (every read of an event asks). */
const latestVersion = (schemas: SchemaTable, type: string): number => {
  let known = latestVersions.get(schemas);
  if (!known) latestVersions.set(schemas, (known = new Map()));
  let latest = known.get(type);
  if (latest === undefined) known.set(type, (latest = Math.max(...Object.keys(schemas[type] ?? {}).map(Number))));
  return latest;
};

const unreadable = (detail: string, cause?: unknown) =>
  new AppError({ code: 'unreadable_event', status: 500, title: 'Event cannot be read', detail, cause });

/**
 * Reads a stored event in the newest shape of its type: upcast version by version, then validate. With
 * `trustNewest`, an event stored in the newest version is returned as stored, unvalidated.
 */
export const createEventReader = (schemas: SchemaTable, upcasters: UpcasterTable, { trustNewest = false } = {}) => {
  return (body: StoredEventBody): { type: string; data: unknown } => {
    const versions = schemas[body.type];
    if (!versions) throw unreadable(`unknown event type ${body.type}`);
    if (!versions[body.schemaVersion]) throw unreadable(`unknown version ${body.schemaVersion} of ${body.type}`);
    const target = latestVersion(schemas, body.type);
    if (trustNewest && body.schemaVersion === target) return { type: body.type, data: body.data };
    let data = body.data;
    for (let version = body.schemaVersion; version < target; version++) {
      const upcast = upcasters[`${body.type}@${version}` as keyof UpcasterTable];
      if (!upcast) throw unreadable(`no upcaster from ${body.type} v${version} to v${version + 1}`);
      data = upcast(data);
    }
    const parsed = versions[target]!.safeParse(data);
    if (!parsed.success) throw unreadable(`${body.type} v${target}: ${parsed.error.message}`, parsed.error);
    return { type: body.type, data: parsed.data };
  };
};

const readWithDefaults = createEventReader(eventSchemas, defaultUpcasters);

/** The schema version stored events of this type are read in (after upcasting); null for an unknown type. */
export const currentSchemaVersion = (type: string): number | null => (type in eventSchemas ? latestVersion(eventSchemas, type) : null);

export const documentEventTypes = (): string[] => Object.keys(eventSchemas);

export const readDocumentEvent = (body: StoredEventBody): DocumentEvent => readWithDefaults(body) as DocumentEvent;

const readAppended = createEventReader(eventSchemas, defaultUpcasters, { trustNewest: true });

/**
 * As `readDocumentEvent`, for an event read from the store, as every reader of the log reads it (each step
 * folds its document's whole stream; a rebuild replays the whole log, where validating every payload again
 * was a seventh of the CPU): a payload stored in the newest version of its type was validated by
 * `toStoredBody` when it was appended, and validating it again gives it back unchanged (the event schemas
 * hold no defaults or transforms, and what they strip was stripped then; `registry.test.ts` checks it), so
 * it is taken as stored. Older versions are upcast and validated as always. Sealed payloads cannot be
 * altered since (AES-GCM authenticates them). `readDocumentEvent` remains for payloads from elsewhere.
 */
export const readAppendedDocumentEvent = (body: StoredEventBody): DocumentEvent => readAppended(body) as DocumentEvent;

/** Validates a payload against the newest schema of its type before it is written. */
export const toStoredBody = (event: DocumentEvent): StoredEventBody => {
  const schemaVersion = latestVersion(eventSchemas, event.type);
  const schema = (eventSchemas as SchemaTable)[event.type]![schemaVersion]!;
  const parsed = schema.safeParse(event.data);
  if (!parsed.success) {
    throw new AppError({
      code: 'invalid_event',
      status: 500,
      title: 'Event does not match its schema',
      detail: `${event.type} v${schemaVersion}: ${parsed.error.message}`,
    });
  }
  return { type: event.type, schemaVersion, data: parsed.data };
};
