import { expect } from 'chai';
import type { KafkaMessage } from 'kafkajs';
import type { AppError } from '../../errors/app-error.js';
import type { BusMessage } from '../../ports/event-bus.js';
import { fromKafkaMessage, toKafkaMessage } from './bus-message-codec.js';

const message: BusMessage = {
  key: 'doc-1',
  headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
  event: {
    eventId: 'event-1',
    type: 'DocumentSubmitted',
    schemaVersion: 1,
    data: { files: 1 },
    metadata: { tenantId: 'tenant-a', documentId: 'doc-1', producer: 'gateway' },
    streamName: 'document-doc-1',
    revision: 0,
    position: 7,
    recordedAt: '2026-03-01T10:00:00.000Z',
  },
};

/** What a consumer receives for `record`: bytes everywhere, as kafkajs hands them over. */
const received = (record: { key: string | null; value: string | null; headers?: KafkaMessage['headers'] }): KafkaMessage => ({
  key: record.key === null ? null : Buffer.from(record.key),
  value: record.value === null ? null : Buffer.from(record.value),
  headers: record.headers ?? {},
  timestamp: '0',
  attributes: 0,
  offset: '0',
});

const decodingError = (record: Parameters<typeof received>[0]) => {
  try {
    fromKafkaMessage(received(record));
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected the record to be refused');
};

describe('bus message codec', () => {
  it('reads back what it wrote: key, recorded event and headers', () => {
    const record = toKafkaMessage(message);
    const headers = Object.fromEntries(Object.entries(message.headers).map(([name, value]) => [name, Buffer.from(value)]));

    expect(fromKafkaMessage(received({ key: String(record.key), value: String(record.value), headers }))).to.deep.equal(message);
  });

  it('keeps the last value of a repeated header', () => {
    const decoded = fromKafkaMessage(
      received({ key: 'doc-1', value: JSON.stringify(message.event), headers: { attempt: [Buffer.from('1'), Buffer.from('2')] } }),
    );

    expect(decoded.headers).to.deep.equal({ attempt: '2' });
  });

  it('refuses, for good, records that are not a recorded event', () => {
    const refusals = [
      decodingError({ key: null, value: JSON.stringify(message.event) }),
      decodingError({ key: 'doc-1', value: 'not json' }),
      decodingError({ key: 'doc-1', value: JSON.stringify({ ...message.event, metadata: { tenantId: 'tenant-a' } }) }),
    ];

    expect(refusals.map(({ code, retriable }) => ({ code, retriable }))).to.deep.equal(
      Array(3).fill({ code: 'undecodable_bus_message', retriable: false }),
    );
  });
});
