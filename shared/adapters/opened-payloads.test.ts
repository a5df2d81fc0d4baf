import { expect } from 'chai';
import type { DocumentKeyStore } from '../ports/document-key-store.js';
import { createOpenedPayloads, forgettingOpenedPayloads, type SealedEvent } from './opened-payloads.js';

const sealedEvent = (overrides: Partial<SealedEvent> = {}, ciphertext = 'Y2lwaGVy'): SealedEvent => ({
  eventId: 'event-1',
  type: 'TextRecognized',
  schemaVersion: 2,
  data: { encrypted: { algorithm: 'A256GCM', iv: 'aXY=', tag: 'dGFn', ciphertext } },
  metadata: { tenantId: 'tenant-a', documentId: 'doc-1', producer: 'test' },
  streamName: 'document-doc-1',
  revision: 3,
  position: 9,
  recordedAt: '2026-11-28T00:00:00.000Z',
  ...overrides,
});

describe('opened payloads (decrypted once, handed to the next readers of the same stored event)', () => {
  it('given a payload kept, when the same stored event is read, then it is handed out, frozen', () => {
    const opened = createOpenedPayloads();
    const kept = opened.keep(sealedEvent(), { pages: [{ words: ['Total'] }] });

    expect(opened.find(sealedEvent())).to.equal(kept);
    expect(Object.isFrozen((kept as { pages: unknown[] }).pages[0])).to.equal(true);
  });

  it('given a payload kept, when another stored event has its id (another ciphertext, stream, type or document), then nothing is handed out', () => {
    const opened = createOpenedPayloads();
    opened.keep(sealedEvent(), { company: 'Müller AG' });

    expect(opened.find(sealedEvent({}, 'b3RoZXI='))).to.equal(undefined);
    expect(opened.find(sealedEvent({ streamName: 'document-doc-2' }))).to.equal(undefined);
    expect(opened.find(sealedEvent({ type: 'DataExtracted' }))).to.equal(undefined);
    expect(opened.find(sealedEvent({ metadata: { tenantId: 'tenant-b', documentId: 'doc-2', producer: 'test' } }))).to.equal(undefined);
  });

  it('given a document forgotten (its key destroyed), then none of its payloads is handed out, and none is kept after', () => {
    const opened = createOpenedPayloads();
    opened.keep(sealedEvent(), { company: 'Müller AG' });
    opened.keep(
      sealedEvent({
        eventId: 'other',
        streamName: 'document-doc-2',
        metadata: { tenantId: 'tenant-a', documentId: 'doc-2', producer: 'test' },
      }),
      { n: 2 },
    );

    opened.forget('doc-1');
    // A decryption under way when the key was destroyed.
    opened.keep(sealedEvent({ eventId: 'late' }), { company: 'Müller AG' });

    expect(opened.find(sealedEvent())).to.equal(undefined);
    expect(opened.find(sealedEvent({ eventId: 'late' }))).to.equal(undefined);
    expect(
      opened.find(
        sealedEvent({
          eventId: 'other',
          streamName: 'document-doc-2',
          metadata: { tenantId: 'tenant-a', documentId: 'doc-2', producer: 'test' },
        }),
      ),
    ).to.deep.equal({ n: 2 });
  });

  it('given more sealed bytes than its bound, then the payloads opened first are let go', () => {
    const opened = createOpenedPayloads({ maxSealedCharacters: 16 });
    opened.keep(sealedEvent({ eventId: 'first' }, 'AAAAAAAAAAAA'), { n: 1 });
    opened.keep(sealedEvent({ eventId: 'second' }, 'BBBBBBBBBBBB'), { n: 2 });

    expect(opened.find(sealedEvent({ eventId: 'first' }, 'AAAAAAAAAAAA'))).to.equal(undefined);
    expect(opened.find(sealedEvent({ eventId: 'second' }, 'BBBBBBBBBBBB'))).to.deep.equal({ n: 2 });
  });

  it('given the key store wrapped, when a key is destroyed, then its document is forgotten before the key goes', async () => {
    const opened = createOpenedPayloads();
    opened.keep(sealedEvent(), { company: 'Müller AG' });
    const destroyed: string[] = [];
    const keys = forgettingOpenedPayloads(
      {
        keyFor: async () => Buffer.alloc(32),
        find: async () => null,
        destroy: async (documentId) => void destroyed.push(`${documentId}, kept: ${opened.find(sealedEvent()) !== undefined}`),
        close: async () => {},
      } satisfies DocumentKeyStore,
      opened,
    );

    await keys.destroy('doc-1');

    expect(destroyed).to.deep.equal(['doc-1, kept: false']);
  });
});
