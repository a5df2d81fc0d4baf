import { expect } from 'chai';
import { formatLogLine } from './event-log-line.js';
import { createRecentLogLines } from './recent-log-lines.js';

const lineOf = (position: number) => {
  const line = formatLogLine(
    {
      position,
      streamName: 'document-1',
      revision: position - 1,
      eventId: `event-${position}`,
      type: 'Tested',
      schemaVersion: 1,
      data: { n: position, nested: { list: [position] } },
      metadata: { tenantId: 'tenant-a', documentId: 'doc-1', producer: 'test' },
      recordedAt: '2026-11-26T12:00:00.000Z',
    },
    true,
  );
  return line.subarray(0, line.length - 1);
};

describe('recent log lines', () => {
  it('given lines appended, when read at their offsets, then their events come back in the order asked, without the append mark', () => {
    const recent = createRecentLogLines(10);
    recent.add(0, lineOf(1));
    recent.add(200, lineOf(2));
    const events = recent.eventsAt([
      { offset: 200, length: 0 },
      { offset: 0, length: 0 },
    ]);
    expect(events?.map((event) => event.position)).to.deep.equal([2, 1]);
    expect(events?.[0]).to.not.have.property('lastOfAppend');
  });

  it('given more lines than it keeps, when the oldest is asked for, then nothing is answered, so the caller reads the file', () => {
    const recent = createRecentLogLines(2);
    [0, 100, 200].forEach((offset, index) => recent.add(offset, lineOf(index + 1)));
    expect(recent.eventsAt([{ offset: 0, length: 0 }])).to.equal(null);
    expect(
      recent.eventsAt([
        { offset: 0, length: 0 },
        { offset: 100, length: 0 },
      ]),
    ).to.equal(null);
    expect(
      recent
        .eventsAt([
          { offset: 100, length: 0 },
          { offset: 200, length: 0 },
        ])
        ?.map((event) => event.position),
    ).to.deep.equal([2, 3]);
  });

  it('given one event read by two readers, then both get the same object, frozen to its depths so neither can change it for the other', () => {
    const recent = createRecentLogLines(2);
    recent.add(0, lineOf(1));
    const [first] = recent.eventsAt([{ offset: 0, length: 0 }])!;
    const [second] = recent.eventsAt([{ offset: 0, length: 0 }])!;
    expect(first).to.equal(second);
    expect(() => ((first!.data as { nested: { list: number[] } }).nested.list as number[]).push(2)).to.throw(TypeError);
    expect(() => (first!.metadata.documentId = 'doc-2')).to.throw(TypeError);
  });
});
