import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { storedFile, submitted } from '../../test/support/given-document.js';
import { openFileEventStore } from '../../shared/adapters/embedded/file-event-store.js';
import { openFileKeyStore } from '../../shared/adapters/embedded/file-key-store.js';
import { withDocumentPayloadEncryption } from '../../shared/document/document-payload-encryption.js';
import { createMemoryReadModel } from '../../shared/adapters/embedded/memory-read-model.js';
import { documentStreamName, toNewEvents } from '../../shared/document/document-stream.js';
import type { DocumentKeyStore } from '../../shared/ports/document-key-store.js';
import { createLogger } from '../../shared/logging/logger.js';
import type { DocumentReadModel } from '../../shared/ports/document-read-model.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import { createProjector } from './projector-service.js';

const DOCUMENT = 'doc-1';
const STREAM = documentStreamName(DOCUMENT);
const noPages: DocumentEvent = { type: 'DocumentConverted', data: { pages: [], thumbnail: null, failures: [] } };

describe('projector', () => {
  let directory: string;
  let store: EventStore;
  let readModel: DocumentReadModel;
  let streamReads: number;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-projector-'));
    const fileStore = await openFileEventStore(directory);
    streamReads = 0;
    store = {
      ...fileStore,
      readStream: (name) => {
        streamReads++;
        return fileStore.readStream(name);
      },
    };
    readModel = createMemoryReadModel();
  });

  afterEach(async () => {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  const append = async (...events: DocumentEvent[]) => {
    const revision = (await store.readStream(STREAM)).length - 1;
    await store.append(
      STREAM,
      toNewEvents(events, { tenantId: 'tenant-a', documentId: DOCUMENT, producer: 'test' }),
      revision < 0 ? 'noStream' : revision,
    );
  };
  const project = async (cachedDocuments?: number) => {
    const projector = createProjector(
      { store, readModel, logger: createLogger('test', 'silent') },
      { estimatedSecondsPerFile: 30, cachedDocuments },
    );
    await projector.start();
    await projector.caughtUp();
    return projector;
  };

  it('given a submitted document, when the projector catches up, then the view shows it processing at its newest position', async () => {
    await append(submitted({ sources: [{ index: 0, kind: 'upload' }] }), storedFile(0));

    const projector = await project();

    const view = await readModel.get('tenant-a', DOCUMENT);
    expect(view?.document.current_status).to.equal('processing');
    expect(view?.document.source_files).to.have.length(1);
    expect(view?.position).to.equal(2);
    await projector.stop();
  });

  it('given a document it has folded, when new events arrive, then it evolves the view from them without reading the stream again', async () => {
    await append(submitted({ sources: [{ index: 0, kind: 'upload' }] }), storedFile(0));
    const projector = await project();
    const readsAfterFirstFold = streamReads;

    await append(noPages);
    await projector.caughtUp();

    expect(streamReads - readsAfterFirstFold).to.equal(1, 'only the test’s own read for the expected revision');
    expect((await readModel.get('tenant-a', DOCUMENT))?.position).to.equal(3);
    await projector.stop();
  });

  it('given a document the cache let go, when its next event arrives, then the view is refolded from the whole stream, the same', async () => {
    await append(submitted({ sources: [{ index: 0, kind: 'upload' }] }), storedFile(0));
    await store.append(
      documentStreamName('doc-2'),
      toNewEvents([submitted({ documentId: 'doc-2' })], { tenantId: 'tenant-a', documentId: 'doc-2', producer: 'test' }),
      'noStream',
    );
    const projector = await project(1);

    await append(noPages);
    await projector.caughtUp();

    const view = await readModel.get('tenant-a', DOCUMENT);
    expect(view?.position).to.equal(4);
    expect(view?.document.source_files).to.have.length(1);
    await projector.stop();
  });

  it('given a log it replays from the start, then it folds every document from its events without reading a stream', async () => {
    await append(submitted({ sources: [{ index: 0, kind: 'upload' }] }), storedFile(0));
    await append(noPages);
    const readsBefore = streamReads;

    const projector = await project();

    expect(streamReads).to.equal(readsBefore);
    expect((await readModel.get('tenant-a', DOCUMENT))?.position).to.equal(3);
    await projector.stop();
  });

  describe('given payloads encrypted per document', () => {
    let keys: DocumentKeyStore;
    const erasure: DocumentEvent = {
      type: 'DocumentErased',
      data: {
        erasedAt: '2026-03-02T00:00:00.000Z',
        requestedBy: { tenantId: 'tenant-a', tokenId: null },
        reason: null,
        blobs: [],
        payloadsShredded: true,
      },
    };

    beforeEach(async () => {
      keys = await openFileKeyStore(path.join(directory, 'keys'));
      store = withDocumentPayloadEncryption(store, keys);
    });

    it('given an erased document (its key destroyed, its payloads shredded), when the log is projected from the start, then it has no view and the documents after it have theirs', async () => {
      await append(submitted({ sources: [{ index: 0, kind: 'upload' }] }), storedFile(0));
      await store.append(
        documentStreamName('doc-2'),
        toNewEvents([submitted({ documentId: 'doc-2' })], { tenantId: 'tenant-a', documentId: 'doc-2', producer: 'test' }),
        'noStream',
      );
      await keys.destroy(DOCUMENT);
      await append(erasure);

      const projector = createProjector({ store, readModel, logger: createLogger('test', 'silent') }, { estimatedSecondsPerFile: 30 });
      await projector.start();
      await projector.caughtUp();

      expect(await readModel.get('tenant-a', DOCUMENT)).to.equal(null);
      expect((await readModel.get('tenant-a', 'doc-2'))?.position).to.equal(3);
      await projector.stop();
    });
  });
});
