import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { storedFile, submitted } from '../../test/support/given-document.js';
import { openFileEventStore } from '../../shared/adapters/embedded/file-event-store.js';
import { createMemoryReadModel } from '../../shared/adapters/embedded/memory-read-model.js';
import { sqliteReadModelVersions } from '../../shared/adapters/embedded/sqlite-read-model-versions.js';
import { documentStreamName, toNewEvents } from '../../shared/document/document-stream.js';
import { createLogger } from '../../shared/logging/logger.js';
import type { DocumentReadModel } from '../../shared/ports/document-read-model.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import { createRebuildableProjection } from './rebuildable-projection.js';

const submit = (store: EventStore, documentId: string) =>
  store.append(
    documentStreamName(documentId),
    toNewEvents([submitted({ documentId, sources: [{ index: 0, kind: 'upload' }] }), storedFile(0)], {
      tenantId: 'tenant-a',
      documentId,
      producer: 'test',
    }),
    'noStream',
  );

describe('rebuildable projection', () => {
  let directory: string;
  let store: EventStore;
  let opened: DocumentReadModel[];
  let promoted: DocumentReadModel[];

  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-rebuild-'));
    store = await openFileEventStore(directory);
    opened = [];
    promoted = [];
  });

  afterEach(async () => {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  const openModel = () => {
    const model = createMemoryReadModel();
    opened.push(model);
    return model;
  };

  const start = async () => {
    const projection = createRebuildableProjection(
      {
        store,
        logger: createLogger('test', 'silent'),
        openReadModel: async () => openModel(),
        openNextReadModel: async () => openModel(),
        promote: async (model) => void promoted.push(model),
      },
      { estimatedSecondsPerFile: 30 },
    );
    await projection.service.start();
    await projection.service.caughtUp();
    return projection;
  };

  it('given a live read model, when it is rebuilt, then readers answer throughout and then read the new model, the same views', async () => {
    await submit(store, 'doc-1');
    await submit(store, 'doc-2');
    const projection = await start();
    const before = await projection.readModel.find('tenant-a', {
      filter: { all: [] },
      sort: [{ path: 'id', type: 'keyword', direction: 'asc' }],
      page: { number: 1, size: 10 },
    });

    const rebuilding = projection.rebuild();
    const during = await projection.readModel.get('tenant-a', 'doc-1');
    const report = await rebuilding;
    const after = await projection.readModel.find('tenant-a', {
      filter: { all: [] },
      sort: [{ path: 'id', type: 'keyword', direction: 'asc' }],
      page: { number: 1, size: 10 },
    });

    expect(during?.id).to.equal('doc-1');
    expect(report.events).to.equal(4);
    expect(report.position).to.equal(4);
    expect(after).to.deep.equal(before);
    // opened[0]: empty at start, so set aside; opened[1]: built at start; opened[2]: the rebuild's.
    expect(opened).to.have.length(3);
    expect(promoted).to.deep.equal([opened[1], opened[2]]);
    expect(await opened[2]!.get('tenant-a', 'doc-2')).to.not.equal(null);
    await projection.service.stop();
  });

  it('given a rebuilt read model, when new events arrive, then the new model follows them', async () => {
    await submit(store, 'doc-1');
    const projection = await start();
    await projection.rebuild();

    await submit(store, 'doc-3');
    await projection.service.caughtUp();

    expect((await projection.readModel.get('tenant-a', 'doc-3'))?.position).to.equal(4);
    expect(await opened[1]!.get('tenant-a', 'doc-3')).to.equal(null);
    await projection.service.stop();
  });

  it('given a log and a read model that never projected an event, when the projection starts, then it builds a new read model from the whole log and promotes it', async () => {
    await submit(store, 'doc-1');
    await submit(store, 'doc-2');

    const projection = await start();

    expect(opened).to.have.length(2);
    expect(promoted).to.deep.equal([opened[1]]);
    expect(await opened[0]!.get('tenant-a', 'doc-1')).to.equal(null);
    expect((await projection.readModel.get('tenant-a', 'doc-2'))?.position).to.equal(4);
    await submit(store, 'doc-3');
    await projection.service.caughtUp();
    expect(await projection.readModel.get('tenant-a', 'doc-3')).to.not.equal(null);
    await projection.service.stop();
  });

  it('given a read model that has projected events, when the projection starts again, then it continues that read model', async () => {
    await submit(store, 'doc-1');
    const first = await start();
    await first.service.stop();
    const continued = opened[1]!;

    const projection = createRebuildableProjection(
      {
        store,
        logger: createLogger('test', 'silent'),
        openReadModel: async () => continued,
        openNextReadModel: async () => openModel(),
        promote: async (model) => void promoted.push(model),
      },
      { estimatedSecondsPerFile: 30 },
    );
    await projection.service.start();
    await submit(store, 'doc-2');
    await projection.service.caughtUp();

    expect(opened).to.have.length(2);
    expect(promoted).to.deep.equal([continued]);
    expect(await continued.get('tenant-a', 'doc-2')).to.not.equal(null);
    await projection.service.stop();
  });

  it('given SQLite read model versions, when rebuilt, then the new version, loaded in bulk, answers lists and follows new events', async () => {
    await submit(store, 'doc-1');
    await submit(store, 'doc-2');
    const versions = sqliteReadModelVersions(path.join(directory, 'data'));
    const projection = createRebuildableProjection(
      {
        store,
        logger: createLogger('test', 'silent'),
        openReadModel: versions.openCurrent,
        openNextReadModel: versions.openNext,
        promote: versions.promote,
      },
      { estimatedSecondsPerFile: 30 },
    );
    await projection.service.start();
    await projection.service.caughtUp();
    const all = {
      filter: { all: [] },
      sort: [{ path: 'id', type: 'keyword' as const, direction: 'asc' as const }],
      page: { number: 1, size: 10 },
    };
    const before = await projection.readModel.find('tenant-a', all);

    await projection.rebuild();
    const rebuilt = await projection.readModel.find('tenant-a', all);
    await submit(store, 'doc-3');
    await projection.service.caughtUp();

    expect(rebuilt).to.deep.equal(before);
    expect((await projection.readModel.find('tenant-a', all)).total).to.equal(3);
    await projection.service.stop();
  });
});
