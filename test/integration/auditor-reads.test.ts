import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { withDocumentPayloadEncryption } from '../../shared/document/document-payload-encryption.js';
import { withHashChain } from '../../shared/adapters/hash-chained-event-store.js';
import { openGridFsBlobStore } from '../../shared/adapters/mongo/gridfs-blob-store.js';
import { openMongoKeyStore } from '../../shared/adapters/mongo/mongo-key-store.js';
import { openMongoReadModel } from '../../shared/adapters/mongo/mongo-read-model.js';
import { openReadModelVersions } from '../../shared/adapters/mongo/read-model-versions.js';
import { openPostgresEventStore } from '../../shared/adapters/postgres/postgres-event-store.js';
import { createTokenRegistry } from '../../shared/auth/token-registry.js';
import { documentStreamName, toNewEvents } from '../../shared/document/document-stream.js';
import { createApiApp } from '../../shared/http/create-api-app.js';
import { createLogger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { DocumentReadModel } from '../../shared/ports/document-read-model.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import { createProjector } from '../../services/projector/projector-service.js';
import { rebuildMongoReadModel } from '../../services/projector/rebuild-mongo-read-model.js';
import { createHistoryRouter } from '../../services/query/history-routes.js';
import { createAsOfLookup, createFreshDocumentLookup } from '../../services/query/fresh-document-lookup.js';
import { createQueryRouter } from '../../services/query/query-routes.js';
import { submitted } from '../support/given-document.js';
import { POSTGRES_HOW_TO, freshSchema } from './postgres-test-schema.js';
import { serverUrl } from './server-urls.js';

const MONGO_HOW_TO = 'start a server with `eval "$(scripts/servers/ferretdb.sh)"`';
const TENANT = 'tenant-a';
const TOKEN = 'integration-token-0123';
const OPTIONS = { estimatedSecondsPerFile: 30 };
const logger = createLogger('integration', 'silent');

/**
 * The auditor's reads on the distributed adapters: history and as-of over HTTP on a PostgreSQL event
 * store (payloads encrypted, hash-chained) with GridFS blobs, and a rebuild of the MongoDB read model
 * into a new collection version while the live projector and readers go on.
 */
describe('auditor reads on PostgreSQL + MongoDB', () => {
  let postgresUrl: string;
  let mongoUrl: string;
  let admin: MongoClient;
  let schema: ReturnType<typeof freshSchema>;
  let database: string;
  let store: EventStore;
  let blobs: BlobStore;
  let closeAll: Array<() => Promise<void>>;

  before(async function () {
    postgresUrl = serverUrl(this, 'POSTGRES_URL', POSTGRES_HOW_TO);
    mongoUrl = serverUrl(this, 'MONGO_URL', MONGO_HOW_TO);
    admin = await new MongoClient(mongoUrl).connect();
  });
  after(async () => admin?.close());

  beforeEach(async () => {
    schema = freshSchema(postgresUrl);
    database = `kontor_test_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const log = await openPostgresEventStore(schema.options);
    const keys = await openMongoKeyStore({ url: mongoUrl, database });
    blobs = await openGridFsBlobStore({ url: mongoUrl, database });
    store = withDocumentPayloadEncryption(withHashChain(log), keys);
    closeAll = [() => blobs.close(), () => keys.close(), () => log.close()];
  });
  afterEach(async () => {
    for (const close of closeAll.reverse()) await close();
    await schema.drop();
    await admin.db(database).dropDatabase();
  });

  /** A document whose file is in the blob store: submitted with an upload, converted to nothing, completed. */
  const givenCompletedDocument = async (documentId = randomUUID()) => {
    const blob = await blobs.put(Buffer.from(`<Invoice id="${documentId}"/>`));
    const events: DocumentEvent[] = [
      submitted({ documentId, tenantId: TENANT, sources: [{ index: 0, kind: 'upload' }] }),
      {
        type: 'SourceFileStored',
        data: { sourceIndex: 0, file: { blob, fileName: 'invoice.xml', mimeType: 'application/xml' }, origin: { kind: 'upload' } },
      },
    ];
    await store.append(
      documentStreamName(documentId),
      toNewEvents(events, { tenantId: TENANT, documentId, producer: 'gateway' }),
      'noStream',
    );
    const later: DocumentEvent[] = [
      { type: 'DocumentConverted', data: { pages: [], thumbnail: null, failures: [] } },
      { type: 'ProcessingCompleted', data: { completedAt: new Date().toISOString() } },
    ];
    await store.append(documentStreamName(documentId), toNewEvents(later, { tenantId: TENANT, documentId, producer: 'converter' }), 1);
    return documentId;
  };

  const serve = async (readModel: DocumentReadModel) => {
    const app = createApiApp({
      logger,
      tokens: createTokenRegistry({ authTokens: `${TENANT}=${TOKEN}`, tokenFile: null }),
      requestsPerSecondPerTenant: 0,
      maxBodyBytes: 1 << 20,
      isReady: () => true,
      tenantRouters: [
        createQueryRouter(
          { readModel, blobs, lookup: createFreshDocumentLookup(readModel, store, OPTIONS), lookupAsOf: createAsOfLookup(store, OPTIONS) },
          { publicBaseUrl: null },
        ),
        createHistoryRouter({ store, blobs }, { publicBaseUrl: null }),
      ],
    });
    const server: Server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    closeAll.push(() => new Promise((resolve) => server.close(() => resolve())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return async (path: string) => {
      const response = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      const bytes = Buffer.from(await response.arrayBuffer());
      const json = (response.headers.get('content-type') ?? '').includes('json');
      return { status: response.status, body: json ? JSON.parse(bytes.toString()) : undefined, bytes };
    };
  };

  it('answers a document’s history in order, chained, with blob links that answer the bytes', async () => {
    const documentId = await givenCompletedDocument();
    const get = await serve(await openMongoReadModel({ url: mongoUrl, database }));

    const history = await get(`/v1/${TENANT}/documents/${documentId}/events`);
    const stored = history.body.data[1].attributes.payload.file.blob;
    const bytes = await get(new URL(stored.url).pathname);

    expect(history.status).to.equal(200);
    expect(history.body.data.map((event: { attributes: { type: string } }) => event.attributes.type)).to.deep.equal([
      'DocumentSubmitted',
      'SourceFileStored',
      'DocumentConverted',
      'ProcessingCompleted',
    ]);
    expect(history.body.data[3].attributes.previous_chain_hash).to.equal(history.body.data[2].attributes.chain_hash);
    expect(bytes.bytes.toString()).to.equal(`<Invoice id="${documentId}"/>`);
  });

  it('answers a document as of a revision and as of a time, and 404 past its stream', async () => {
    const documentId = await givenCompletedDocument();
    const get = await serve(await openMongoReadModel({ url: mongoUrl, database }));
    const history = await get(`/v1/${TENANT}/documents/${documentId}/events`);

    const submittedOnly = await get(`/v1/${TENANT}/documents/${documentId}?as_of=1`);
    const done = await get(
      `/api/v1/${TENANT}/documents/${documentId}?as_of=${encodeURIComponent(history.body.data[3].attributes.recorded_at)}`,
    );

    expect(submittedOnly.body.data.attributes.current_status).to.equal('processing');
    expect(submittedOnly.body.data.attributes.source_files).to.have.length(1);
    expect(done.body.data.attributes.current_status).to.equal('done');
    expect((await get(`/v1/${TENANT}/documents/${documentId}?as_of=4`)).status).to.equal(404);
  });

  it('rebuilds the read model into the next collection version while the live projector and readers go on, then drops the old one', async function () {
    this.timeout(60_000);
    const first = await givenCompletedDocument();
    const live = await openMongoReadModel({ url: mongoUrl, database, versionCheckMs: 50 });
    closeAll.push(() => live.close());
    const projector = createProjector({ store, readModel: live, logger }, OPTIONS);
    await projector.start();
    closeAll.push(() => projector.stop());
    await projector.caughtUp();
    const before = await live.get(TENANT, first);

    let readsDuring = 0;
    const report = await rebuildMongoReadModel(
      { store, logger },
      { url: mongoUrl, database },
      {
        ...OPTIONS,
        switchOverMs: 300,
        onCaughtUp: async () => {
          if (await live.get(TENANT, first)) readsDuring++;
        },
      },
    );
    const second = await givenCompletedDocument();
    await projector.caughtUp();

    const versions = await openReadModelVersions({ url: mongoUrl, database });
    closeAll.push(() => versions.close());
    const collections = (await admin.db(database).listCollections({}, { nameOnly: true }).toArray()).map((collection) => collection.name);
    expect(report).to.deep.include({ from: '1', to: '2' });
    expect(report.replay.events).to.equal(4);
    expect(await versions.active()).to.equal('2');
    expect(collections).to.include('documents_v2').and.not.include('documents_v1');
    expect(readsDuring).to.equal(1);
    expect(await live.get(TENANT, first)).to.deep.equal(before);
    expect((await live.get(TENANT, second))?.document.current_status).to.equal('done');
  });
});
