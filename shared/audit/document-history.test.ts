import { expect } from 'chai';
import type { EventMetadata } from '../../contracts/events/metadata.js';
import type { RecordedEvent } from '../ports/event-store.js';
import { actorOf, toHistory, traceIdOf } from './document-history.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const metadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  tenantId: 'acme',
  documentId: 'doc-1',
  producer: 'gateway',
  ...overrides,
});

const recorded = (
  revision: number,
  type: string,
  schemaVersion: number,
  data: unknown,
  meta: Partial<EventMetadata> = {},
): RecordedEvent => ({
  eventId: `event-${revision}`,
  type,
  schemaVersion,
  data,
  metadata: metadata(meta),
  streamName: 'document-doc-1',
  revision,
  position: 100 + revision,
  recordedAt: `2026-03-12T10:00:0${revision}.000Z`,
});

const submittedData = {
  documentId: 'doc-1',
  tenantId: 'acme',
  submittedAt: '2026-03-12T10:00:00.000Z',
  sources: [{ index: 0, kind: 'upload' }],
  customFields: {},
  documentType: null,
  extractLineItems: null,
  extractionProcess: null,
};

describe('document history', () => {
  const stream = [
    recorded(0, 'DocumentSubmitted', 1, submittedData, {
      requestedBy: { tenantId: 'acme', tokenId: 'kt_1' },
      traceparent: `00-${TRACE}-00f067aa0ba902b7-01`,
    }),
    recorded(
      1,
      'TextRecognized',
      1,
      { pages: [{ pageNumber: 1, text: 'Rechnung', method: 'ocr', confidence: 0.9 }] },
      { producer: 'extractor', causationId: 'event-0' },
    ),
    recorded(2, 'ProcessingCompleted', 1, { completedAt: '2026-03-12T10:00:02.000Z' }, { producer: 'extractor', causationId: 'event-1' }),
  ];

  it('given a stream, then each event is shown in today’s schema with the version it was stored in', () => {
    const [, recognized] = toHistory(stream);

    expect(recognized).to.include({ type: 'TextRecognized', schemaVersion: 2, storedSchemaVersion: 1, revision: 1, position: 101 });
    expect(recognized!.payload).to.deep.equal({
      pages: [{ pageNumber: 1, text: 'Rechnung', method: 'ocr', confidence: 0.9, words: null }],
    });
  });

  it('given events caused by one another, then each correlates with the command from outside they descend from', () => {
    const history = toHistory(stream);

    expect(history.map((event) => [event.causationId, event.correlationId])).to.deep.equal([
      [null, 'event-0'],
      ['event-0', 'event-0'],
      ['event-1', 'event-0'],
    ]);
  });

  it('given a submission and its upload appended by one request, then both correlate with the submission', () => {
    const traced = { traceparent: `00-${TRACE}-00f067aa0ba902b7-01` };
    const history = toHistory([
      recorded(0, 'DocumentSubmitted', 1, submittedData, traced),
      recorded(
        1,
        'SourceFileStored',
        1,
        {
          sourceIndex: 0,
          file: { blob: { hash: 'a'.repeat(64), size: 1 }, fileName: 'a.pdf', mimeType: 'application/pdf' },
          origin: { kind: 'upload' },
        },
        traced,
      ),
    ]);

    expect(history.map((event) => event.correlationId)).to.deep.equal(['event-0', 'event-0']);
  });

  it('given a cause outside the stream, then the event correlates with itself', () => {
    const [only] = toHistory([recorded(0, 'DocumentSubmitted', 1, submittedData, { causationId: 'elsewhere' })]);

    expect(only!.correlationId).to.equal('event-0');
  });

  it('names the actor: the token for a command from outside, else the service, or the reviewer a correction names', () => {
    const token = { requestedBy: { tenantId: 'acme', tokenId: 'kt_1' } };
    expect(actorOf(metadata(token), {})).to.deep.equal({ kind: 'token', id: 'kt_1', tenant_id: 'acme' });
    expect(actorOf(metadata({ producer: 'converter' }), {})).to.deep.equal({ kind: 'service', id: 'converter' });
    expect(actorOf(metadata(token), { reviewer: 'A. Auditor', corrections: [] })).to.deep.equal({
      kind: 'reviewer',
      id: 'A. Auditor',
      tenant_id: 'acme',
      token_id: 'kt_1',
    });
    expect(actorOf(metadata(token), { reviewer: null })).to.deep.include({ kind: 'token' });
  });

  it('reads the trace id out of a traceparent, and nothing out of a malformed one', () => {
    expect(traceIdOf(`00-${TRACE}-00f067aa0ba902b7-01`)).to.equal(TRACE);
    expect(traceIdOf('garbage')).to.equal(null);
    expect(traceIdOf(undefined)).to.equal(null);
  });

  it('shows each event’s chain hash, and null for events written before chaining', () => {
    const hash = 'a'.repeat(64);
    const history = toHistory([
      stream[0]!,
      { ...stream[1]!, metadata: { ...stream[1]!.metadata, chain: { hash, previousHash: 'b'.repeat(64) } } },
    ]);

    expect(history.map((event) => event.chain)).to.deep.equal([null, { hash, previousHash: 'b'.repeat(64) }]);
  });
});
