import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { documentStreamName, toNewEvents } from '../../shared/document/document-stream.js';
import type { EventStore, NewEvent } from '../../shared/ports/event-store.js';

const fixture = (name: string): DocumentEvent => {
  const { type, data } = JSON.parse(readFileSync(new URL(`../../contracts/events/fixtures/${name}.json`, import.meta.url), 'utf8'));
  return { type, data } as DocumentEvent;
};

/** A completed document's events, from the golden fixtures: submission, stored file, pages, text, data, signature, completion. */
const completedTemplate = [
  'SourceFileStored.v1',
  'DocumentConverted.v1',
  'TextRecognized.v2',
  'DataExtracted.v1',
  'DocumentSigned.v1',
  'ProcessingCompleted.v1',
].map(fixture);
const submittedTemplate = fixture('DocumentSubmitted.v1') as Extract<DocumentEvent, { type: 'DocumentSubmitted' }>;

/** A completed document's stream, padded with repeated step events (as redeliveries would record) up to `events`. */
export const completedStream = (tenantId: string, documentId: string, events = completedTemplate.length + 1): DocumentEvent[] => {
  const submitted: DocumentEvent = { type: 'DocumentSubmitted', data: { ...submittedTemplate.data, documentId, tenantId } };
  const steps = completedTemplate.slice(0, -1);
  const padding = Array.from({ length: Math.max(0, events - completedTemplate.length - 1) }, (_, index) => steps[index % steps.length]!);
  return [submitted, ...steps, ...padding, completedTemplate.at(-1)!];
};

/**
 * Appends `documents` completed streams through the event store port, `concurrency` documents at a
 * time. The events are validated once, for a template document, and copied with each document's id.
 */
export const seedCompletedDocuments = async (
  store: EventStore,
  options: { tenantId: string; documents: number; eventsPerDocument?: number; concurrency?: number; onProgress?: (done: number) => void },
): Promise<string[]> => {
  const template = toNewEvents(completedStream(options.tenantId, 'template', options.eventsPerDocument), {
    tenantId: options.tenantId,
    documentId: 'template',
    producer: 'bench-seed',
  });
  const eventsOf = (documentId: string): NewEvent[] =>
    template.map((event) => ({
      ...event,
      data: event.type === 'DocumentSubmitted' ? { ...(event.data as object), documentId } : event.data,
      metadata: { ...event.metadata, documentId },
    }));
  const ids = Array.from({ length: options.documents }, () => randomUUID());
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < ids.length) {
      const documentId = ids[next++]!;
      await store.append(documentStreamName(documentId), eventsOf(documentId), 'noStream');
      if (++done % 10_000 === 0) options.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return ids;
};
