import type { IHeaders, KafkaMessage, Message } from 'kafkajs';
import { z } from 'zod';
import { EventMetadata } from '../../../contracts/events/metadata.js';
import { AppError } from '../../errors/app-error.js';
import type { BusMessage } from '../../ports/event-bus.js';

const RecordedEventJson = z.object({
  eventId: z.string(),
  type: z.string(),
  schemaVersion: z.number().int(),
  data: z.unknown(),
  metadata: EventMetadata,
  streamName: z.string(),
  revision: z.number().int(),
  position: z.number().int(),
  recordedAt: z.string(),
});

/** The Kafka record of a bus message: keyed by the document id, the recorded event as JSON, headers as they are. */
export const toKafkaMessage = (message: BusMessage): Message => ({
  key: message.key,
  value: JSON.stringify(message.event),
  headers: message.headers,
});

/** A header may repeat in Kafka; the bus has one value per name, and the last one wins. */
const headerText = (value: IHeaders[string]): string | undefined => {
  const last = Array.isArray(value) ? value.at(-1) : value;
  return last === undefined ? undefined : last.toString();
};

export const headersOf = (message: Pick<KafkaMessage, 'headers'>): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    const text = headerText(value);
    if (text !== undefined) headers[name] = text;
  }
  return headers;
};

const undecodable = (detail: string, cause?: unknown) =>
  new AppError({ code: 'undecodable_bus_message', status: 500, title: 'Undecodable bus message', detail, cause });

/** The bus message of a Kafka record; a record no retry can make readable fails with a non-retriable AppError. */
export const fromKafkaMessage = (message: KafkaMessage): BusMessage => {
  if (message.key === null || message.value === null) throw undecodable('the record has no key or no value');
  let json: unknown;
  try {
    json = JSON.parse(message.value.toString('utf8'));
  } catch (error) {
    throw undecodable('the record value is not JSON', error);
  }
  const event = RecordedEventJson.safeParse(json);
  if (!event.success) throw undecodable(`the record value is not a recorded event: ${z.prettifyError(event.error)}`);
  return { key: message.key.toString('utf8'), event: event.data, headers: headersOf(message) };
};
