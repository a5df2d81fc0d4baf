import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { openFileCheckpointStore } from '../../shared/adapters/embedded/file-checkpoint-store.js';
import { openFileEventStore } from '../../shared/adapters/embedded/file-event-store.js';
import { openFileKeyStore } from '../../shared/adapters/embedded/file-key-store.js';
import { withDocumentPayloadEncryption } from '../../shared/document/document-payload-encryption.js';
import { documentStreamName, toNewEvents } from '../../shared/document/document-stream.js';
import { createLogger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { DocumentKeyStore } from '../../shared/ports/document-key-store.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import { eventually } from '../../test/support/eventually.js';
import { submitted } from '../../test/support/given-document.js';
import { createMemoryBlobStore } from '../../test/support/memory-blob-store.js';
import { createEraser } from './eraser-service.js';

const fileHolding = (blob: { hash: string; size: number }): DocumentEvent => ({
  type: 'SourceFileStored',
  data: { sourceIndex: 0, file: { blob, fileName: 'invoice.pdf', mimeType: 'application/pdf' }, origin: { kind: 'upload' } },
});

const erasureOf = (blobs: string[]): DocumentEvent => ({
  type: 'DocumentErased',
  data: {
    erasedAt: '2026-03-12T11:00:00.000Z',
    requestedBy: { tenantId: 'tenant-a', tokenId: 'tok-1' },
    reason: null,
    blobs,
    payloadsShredded: true,
  },
});

describe('eraser', () => {
  let directory: string;
  let store: EventStore;
  let keys: DocumentKeyStore;
  let blobs: BlobStore;
  let stopEraser: () => Promise<void>;

  const given = async (documentId: string, events: DocumentEvent[]) => {
    const recorded = await store.readStream(documentStreamName(documentId));
    await store.append(
      documentStreamName(documentId),
      toNewEvents(events, { tenantId: 'tenant-a', documentId, producer: 'test' }),
      recorded.length === 0 ? 'noStream' : recorded.at(-1)!.revision,
    );
  };

  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-eraser-'));
    keys = await openFileKeyStore(path.join(directory, 'keys'));
    store = withDocumentPayloadEncryption(await openFileEventStore(path.join(directory, 'events')), keys);
    blobs = createMemoryBlobStore();
    const eraser = createEraser({
      store,
      keys,
      blobs,
      checkpoints: await openFileCheckpointStore(directory),
      logger: createLogger('eraser', 'silent'),
    });
    await eraser.start();
    stopEraser = () => eraser.stop();
  });

  afterEach(async () => {
    await stopEraser();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('given an erased document, then its key is destroyed and its blobs deleted', async () => {
    const own = await blobs.put(Buffer.from('only document one holds these bytes'));
    await given('doc-1', [submitted({ documentId: 'doc-1' }), fileHolding(own)]);

    await given('doc-1', [erasureOf([own.hash])]);

    await eventually(async () => expect(await blobs.get(own.hash)).to.equal(null));
    expect(await keys.find('doc-1')).to.equal(null);
  });

  it('given bytes another document holds too, when one of them is erased, then the bytes stay for the other', async () => {
    const shared = await blobs.put(Buffer.from('two documents uploaded the same file'));
    const own = await blobs.put(Buffer.from('only document one holds these bytes'));
    await given('doc-1', [
      submitted({ documentId: 'doc-1' }),
      fileHolding(shared),
      { ...fileHolding(own), data: { ...fileHolding(own).data, sourceIndex: 1 } } as DocumentEvent,
    ]);
    await given('doc-2', [submitted({ documentId: 'doc-2' }), fileHolding(shared)]);

    await given('doc-1', [erasureOf([shared.hash, own.hash])]);

    await eventually(async () => expect(await blobs.get(own.hash)).to.equal(null));
    expect(await blobs.get(shared.hash)).to.not.equal(null);
    expect(await keys.find('doc-2')).to.not.equal(null);
  });
});
