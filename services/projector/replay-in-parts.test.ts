import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { storedFile, submitted } from '../../test/support/given-document.js';
import { openFileEventStore } from '../../shared/adapters/embedded/file-event-store.js';
import { openFileKeyStore } from '../../shared/adapters/embedded/file-key-store.js';
import { sqliteReadModelVersions } from '../../shared/adapters/embedded/sqlite-read-model-versions.js';
import { withDocumentPayloadEncryption } from '../../shared/document/document-payload-encryption.js';
import { documentStreamName, toNewEvents } from '../../shared/document/document-stream.js';
import { createLogger } from '../../shared/logging/logger.js';
import type { DocumentReadModel } from '../../shared/ports/document-read-model.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import type { DocumentQuery } from '../../shared/read-model/query.js';
import { replayLogInParts } from './replay-in-parts.js';
import { replayIntoReadModel, type ReplayProgress } from './replay-read-model.js';

const view = { estimatedSecondsPerFile: 30 };
const everyDocument: DocumentQuery = {
  filter: { all: [] },
  sort: [{ path: 'id', type: 'keyword', direction: 'asc' }],
  page: { number: 1, size: 100 },
};

describe('replaying the embedded log in parts, one worker thread each', function () {
  this.timeout(60_000);
  let dataDir: string;
  let store: EventStore;

  const submit = async (documentId: string, fileName: string) => {
    const metadata = { tenantId: 'tenant-a', documentId, producer: 'test' };
    await store.append(
      documentStreamName(documentId),
      toNewEvents([submitted({ documentId, sources: [{ index: 0, kind: 'upload' }] })], metadata),
      'noStream',
    );
    await store.append(documentStreamName(documentId), toNewEvents([storedFile(0, 'application/pdf', fileName)], metadata), 0);
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kontor-replay-parts-'));
    const keys = await openFileKeyStore(path.join(dataDir, 'keys'));
    store = withDocumentPayloadEncryption(await openFileEventStore(path.join(dataDir, 'events')), keys);
    for (let n = 1; n <= 7; n++) await submit(`doc-${n}`, `invoice-${n}.pdf`);
  });
  afterEach(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const replay = async (readModel: DocumentReadModel, prefill?: Parameters<typeof replayIntoReadModel>[1]['prefill']) => {
    const progress: ReplayProgress[] = [];
    const replaying = await replayIntoReadModel(
      { store, readModel, logger: createLogger('test', 'silent') },
      { ...view, prefill, onProgress: (reached) => progress.push(reached) },
    );
    await replaying.caughtUp();
    return { replaying, progress };
  };

  it('given seven encrypted documents, when a new read model is filled in three parts, then it holds the views one projector replaying the whole log makes', async () => {
    const versions = sqliteReadModelVersions(dataDir);
    const workDirectory = versions.scratchDirectory();
    const inParts = await versions.openNext();
    const { replaying, progress } = await replay(inParts, replayLogInParts(dataDir, inParts, { view, workDirectory, parts: 3 }));
    const byOneProjector = await versions.openNext();
    const reference = await replay(byOneProjector);

    const listed = await inParts.find('tenant-a', everyDocument);
    expect(listed.total).to.equal(7);
    expect(listed).to.deep.equal(await byOneProjector.find('tenant-a', everyDocument));
    expect((await inParts.get('tenant-a', 'doc-3'))?.document.source_files[0]?.file_name).to.equal('invoice-3.pdf');
    expect(progress[progress.length - 1]).to.include({ events: 14, position: 14 });
    expect(
      await access(workDirectory).then(
        () => 'there',
        () => 'removed',
      ),
    ).to.equal('removed');
    await Promise.all([replaying.stop(), reference.replaying.stop()]);
    await Promise.all([inParts.close(), byOneProjector.close()]);
  });

  it('given a read model filled in parts, when a document is submitted afterwards, then the replay goes on from where the parts ended', async () => {
    const versions = sqliteReadModelVersions(dataDir);
    const readModel = await versions.openNext();
    const { replaying } = await replay(
      readModel,
      replayLogInParts(dataDir, readModel, { view, workDirectory: versions.scratchDirectory(), parts: 2 }),
    );

    await submit('doc-8', 'invoice-8.pdf');
    await replaying.caughtUp();

    expect((await readModel.find('tenant-a', everyDocument)).total).to.equal(8);
    await replaying.stop();
    await readModel.close();
  });

  it('given a part that cannot write its read model, then the fill fails with that part’s reason and leaves no scratch files', async () => {
    const versions = sqliteReadModelVersions(dataDir);
    const readModel = await versions.openNext();
    const workDirectory = path.join(dataDir, 'not-a-directory');
    await writeFile(workDirectory, 'a file where the parts would go');
    let failure: unknown = null;
    await replay(readModel, replayLogInParts(dataDir, readModel, { view, workDirectory, parts: 2 })).catch(
      (error: unknown) => (failure = error),
    );

    expect(String(failure)).to.match(/the replay of part \d of 2 failed: .*ENOTDIR/);
    expect(
      await access(workDirectory).then(
        () => 'there',
        () => 'removed',
      ),
    ).to.equal('removed');
    await readModel.close();
  });
});
