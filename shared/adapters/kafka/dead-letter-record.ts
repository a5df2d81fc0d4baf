import type { KafkaMessage, Message } from 'kafkajs';

/** Headers a dead-lettered record carries beside its own, saying why it was parked and where it came from. */
export const deadLetterHeaders = {
  reason: 'dead-letter-reason',
  group: 'dead-letter-group',
  attempts: 'dead-letter-attempts',
  /** `topic/partition@offset` of the original record. */
  source: 'dead-letter-source',
} as const;

export interface DeadLetterCause {
  error: unknown;
  group: string;
  attempts: number;
  source: string;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The original record, key, value and headers byte for byte, with the dead-letter headers added. */
export const deadLetterRecord = (message: KafkaMessage, cause: DeadLetterCause): Message => ({
  key: message.key,
  value: message.value,
  headers: {
    ...message.headers,
    [deadLetterHeaders.reason]: reasonOf(cause.error),
    [deadLetterHeaders.group]: cause.group,
    [deadLetterHeaders.attempts]: String(cause.attempts),
    [deadLetterHeaders.source]: cause.source,
  },
});
