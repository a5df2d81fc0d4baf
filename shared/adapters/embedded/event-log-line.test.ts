import { expect } from 'chai';
import type { RecordedEvent } from '../../ports/event-store.js';
import { formatLogLine, parseLogLine, parseLogLineHeader } from './event-log-line.js';

const recorded = (streamName: string): RecordedEvent => ({
  position: 12,
  streamName,
  revision: 3,
  eventId: 'e-1',
  type: 'Tested',
  schemaVersion: 1,
  data: { text: 'a "quoted" } brace', nested: { lastOfAppend: true } },
  metadata: { tenantId: 't', documentId: 'd', producer: 'test' },
  recordedAt: '2026-03-12T10:00:00.000Z',
});

const lineOf = (event: RecordedEvent, lastOfAppend: boolean) => {
  const bytes = formatLogLine(event, lastOfAppend);
  return bytes.subarray(0, bytes.length - 1);
};

describe('event log lines: the header read for indexing', () => {
  for (const streamName of ['document-5f0c3e0e', 'document-"odd" name ü']) {
    for (const lastOfAppend of [true, false]) {
      it(`reads what a whole parse reads (${streamName}, ${lastOfAppend ? 'last' : 'not last'} of its append)`, () => {
        const line = lineOf(recorded(streamName), lastOfAppend);
        const { position, revision, lastOfAppend: mark } = parseLogLine(line)!;

        expect(parseLogLineHeader(line)).to.deep.equal({ position, streamName, revision, ...(mark ? { lastOfAppend: mark } : {}) });
      });
    }
  }

  it('parses a line of another shape whole, and finds none in a torn one', () => {
    const reordered = Buffer.from(JSON.stringify({ streamName: 's', revision: 0, position: 1, lastOfAppend: true }));

    expect(parseLogLineHeader(reordered)).to.deep.include({ streamName: 's', revision: 0, position: 1, lastOfAppend: true });
    expect(parseLogLineHeader(Buffer.from('{"position":3,"streamName":"doc'))).to.equal(undefined);
  });
});
