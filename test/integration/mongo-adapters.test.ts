import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import { openGridFsBlobStore } from '../../shared/adapters/mongo/gridfs-blob-store.js';
import { openMongoCheckpointStore } from '../../shared/adapters/mongo/mongo-checkpoint-store.js';
import { openMongoIdempotencyStore } from '../../shared/adapters/mongo/mongo-idempotency-store.js';
import { openMongoKeyStore } from '../../shared/adapters/mongo/mongo-key-store.js';
import { openMongoReadModel } from '../../shared/adapters/mongo/mongo-read-model.js';
import { openMongoWebhookStore } from '../../shared/adapters/mongo/mongo-webhook-store.js';
import { parseDocumentQuery } from '../../services/query/parse-document-query.js';
import { toMongoFilter, toMongoSort } from '../../shared/adapters/mongo/document-query-to-mongo.js';
import { fixedFieldNames, lookupField } from '../../shared/read-model/filterable-fields.js';
import { blobStoreContract } from '../contract/blob-store.contract.js';
import { checkpointStoreContract } from '../contract/checkpoint-store.contract.js';
import { documentKeyStoreContract } from '../contract/document-key-store.contract.js';
import { documentReadModelContract } from '../contract/document-read-model.contract.js';
import { idempotencyStoreContract } from '../contract/idempotency-store.contract.js';
import { webhookStoreContract } from '../contract/webhook-store.contract.js';
import { TENANT, documentViewFixtures, makeDocumentView } from '../contract/document-view-fixtures.js';
import { serverUrl, skipBecause } from './server-urls.js';

const MONGO_HOW_TO = 'start a server with `eval "$(scripts/servers/ferretdb.sh)"`';

describe('MongoDB adapters', () => {
  let url: string;
  let admin: MongoClient;
  before(async function () {
    url = serverUrl(this, 'MONGO_URL', MONGO_HOW_TO);
    admin = await new MongoClient(url).connect();
  });
  after(async () => admin?.close());

  /** Opens a store in a database no other test uses, which can be reopened and is dropped on cleanup. */
  const inFreshDatabase = async <Store extends { close(): Promise<void> }>(open: (database: string) => Promise<Store>) => {
    const database = `kontor_test_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    let current = await open(database);
    return {
      database,
      store: current,
      reopen: async () => (current = await open(database)),
      async cleanup() {
        await current.close();
        await admin.db(database).dropDatabase();
      },
    };
  };

  documentReadModelContract('mongo read model', async () => {
    const { store, cleanup } = await inFreshDatabase((database) => openMongoReadModel({ url, database }));
    return { model: store, cleanup };
  });

  blobStoreContract('gridfs blob store', () => inFreshDatabase((database) => openGridFsBlobStore({ url, database })));

  checkpointStoreContract('mongo checkpoint store', () => inFreshDatabase((database) => openMongoCheckpointStore({ url, database })));

  documentKeyStoreContract('mongo key store', () => inFreshDatabase((database) => openMongoKeyStore({ url, database })));

  idempotencyStoreContract('mongo idempotency store', () => inFreshDatabase((database) => openMongoIdempotencyStore({ url, database })));

  webhookStoreContract('mongo webhook store', () => inFreshDatabase((database) => openMongoWebhookStore({ url, database })));

  describe('mongo read model, beyond the contract', () => {
    const openModel = (collectionVersion?: string) =>
      inFreshDatabase((database) => openMongoReadModel({ url, database, collectionVersion }));

    it('keeps field names MongoDB refuses, such as the dotted paths evidence is keyed by', async () => {
      const { store: model, cleanup } = await openModel();
      try {
        const view = makeDocumentView({
          id: 'doc-x',
          document: { custom_fields: { 'cost-center_2': '100%' } },
          accounting_document: {
            evidence: {
              'accounting_document.amount_total': { confidence: 0.9, source: { kind: 'xml', path: '/a/$b' } },
              '$odd%2E.key': { confidence: 1, source: { kind: 'qr', page: 1 } },
            },
          },
        });
        await model.upsert(view);

        expect(await model.get(TENANT, 'doc-x')).to.deep.equal(view);
        expect((await model.find(TENANT, parseDocumentQuery({}).query)).items).to.deep.equal([view]);
      } finally {
        await cleanup();
      }
    });

    it('sorts by id alone, descending', async () => {
      const { store: model, cleanup } = await openModel();
      try {
        for (const view of documentViewFixtures) await model.upsert(view);
        const { items } = await model.find(TENANT, parseDocumentQuery({ sort: '-id' }).query);
        expect(items.map((view) => view.id)).to.deep.equal([
          'doc-10',
          'doc-09',
          'doc-08',
          'doc-07',
          'doc-06',
          'doc-05',
          'doc-04',
          'doc-03',
          'doc-02',
          'doc-01',
        ]);
      } finally {
        await cleanup();
      }
    });

    it('keeps the later of two concurrent first upserts, whichever inserts first', async () => {
      const { store: model, cleanup } = await openModel();
      try {
        // Twenty documents raced at once, so some pairs collide on the insert and take the duplicate-key path.
        const ids = Array.from({ length: 20 }, (_, index) => `doc-${index}`);
        await Promise.all(
          ids.flatMap((id, index) =>
            (index % 2 === 0 ? [1, 2] : [2, 1]).map((position) => model.upsert(makeDocumentView({ id, position }))),
          ),
        );

        const positions = await Promise.all(ids.map(async (id) => (await model.get(TENANT, id))?.position));
        expect(positions).to.deep.equal(ids.map(() => 2));
      } finally {
        await cleanup();
      }
    });

    it('keeps the latest of many concurrent upserts of one document', async function () {
      const buildInfo = await admin.db('admin').command({ buildInfo: 1 });
      // FerretDB v1 reads the filter and writes by _id in separate steps, so a concurrent writer can slip in between.
      if ('ferretdbVersion' in buildInfo) return skipBecause(this, 'FerretDB v1 does not apply a conditional update atomically');
      const { store: model, cleanup } = await openModel();
      try {
        const positions = [3, 8, 1, 6, 2, 7, 5, 4];
        const stored = await Promise.all(positions.map((position) => model.upsert(makeDocumentView({ id: 'doc-x', position }))));

        expect((await model.get(TENANT, 'doc-x'))?.position).to.equal(8);
        expect(stored[positions.indexOf(8)]).to.equal(true);
      } finally {
        await cleanup();
      }
    });

    it('keeps views and checkpoints of collection versions apart, so a rebuild can project beside the live one', async () => {
      const live = await openModel('1');
      const rebuild = await openMongoReadModel({ url, database: live.database, collectionVersion: '2' });
      try {
        await live.store.upsert(makeDocumentView({ id: 'doc-x', position: 9 }));
        await live.store.saveCheckpoint(9);

        expect(await rebuild.get(TENANT, 'doc-x')).to.equal(null);
        expect(await rebuild.loadCheckpoint()).to.equal(0);
        expect(await rebuild.upsert(makeDocumentView({ id: 'doc-x', position: 1 }))).to.equal(true);
        expect((await live.store.get(TENANT, 'doc-x'))?.position).to.equal(9);
      } finally {
        await rebuild.close();
        await live.cleanup();
      }
    });

    it('opens again over the views and checkpoint it keeps, as a restarted process does', async () => {
      const { store: model, reopen, cleanup } = await openModel();
      try {
        await model.upsert(makeDocumentView({ id: 'doc-x', position: 4 }));
        await model.saveCheckpoint(4);
        await model.close();

        const reopened = await reopen();

        expect((await reopened.get(TENANT, 'doc-x'))?.position).to.equal(4);
        expect(await reopened.loadCheckpoint()).to.equal(4);
      } finally {
        await cleanup();
      }
    });

    describe('indexes: every filter and sort is answered from an index (explain)', () => {
      const sampleValue: Record<string, string> = {
        number: '10',
        date: '2026-03-01',
        datetime: '2026-03-01T00:00:00.000Z',
        boolean: 'true',
        keyword: 'done',
        keyword_list: 'download_failed',
        text: 'Muster',
      };
      const fields = fixedFieldNames().map((name) => ({ name, type: lookupField(name)!.type as string }));
      const queries: Array<[string, Record<string, unknown>]> = [
        ['the default list (newest first)', {}],
        [
          'an amount range, sorted by invoice date, page 200',
          {
            filter: { 'accounting_document.amount_total_range': '10..2000' },
            sort: '-accounting_document.invoice_date',
            page: { number: '200' },
          },
        ],
        ['a fuzzy company name', { filter: { 'sender_address.company_name_fuzzy': 'muller' } }],
        ...fields.map(({ name, type }): [string, Record<string, unknown>] => [
          `filter[${name}]`,
          { filter: { [name]: sampleValue[type] ?? 'x' } },
        ]),
        ...fields.map(({ name }): [string, Record<string, unknown>] => [`sort=${name}`, { sort: name }]),
        ...fields.map(({ name }): [string, Record<string, unknown>] => [`sort=-${name}`, { sort: `-${name}` }]),
      ];

      let live: Awaited<ReturnType<typeof openModel>>;
      before(async function () {
        // FerretDB plans queries in its own backend and explains them in its own terms; MongoDB's plan is what this checks.
        if ('ferretdbVersion' in (await admin.db('admin').command({ buildInfo: 1 }))) this.skip();
        live = await openModel();
        for (const view of documentViewFixtures) await live.store.upsert(view);
      });
      after(async () => live?.cleanup());

      for (const [what, parameters] of queries) {
        it(`${what} uses an index, not a collection scan`, async () => {
          const { query } = parseDocumentQuery(parameters);
          const plan = await admin
            .db(live.database)
            .collection('documents_v1')
            .find(toMongoFilter(TENANT, query.filter), { sort: toMongoSort(query.sort) })
            .explain('queryPlanner');
          const winning = JSON.stringify(plan.queryPlanner.winningPlan);
          expect(winning, winning).to.include('IXSCAN');
          expect(winning, winning).to.not.include('COLLSCAN');
        });
      }
    });

    it('refuses a collection version that is no plain name', async () => {
      const failure = await openMongoReadModel({ url, database: 'unused', collectionVersion: '2.$x' }).catch((error: unknown) => error);
      expect(failure).to.have.property('code', 'invalid_configuration');
    });
  });

  describe('gridfs blob store, beyond the contract', () => {
    it('opens again over the blobs it keeps, as a restarted process does', async () => {
      const { store, reopen, cleanup } = await inFreshDatabase((database) => openGridFsBlobStore({ url, database }));
      try {
        const { hash } = await store.put(Buffer.from('kept'));
        await store.close();

        expect((await (await reopen()).get(hash))?.toString()).to.equal('kept');
      } finally {
        await cleanup();
      }
    });

    it('keeps one file per hash when the same bytes are put at once', async () => {
      const { store, database, cleanup } = await inFreshDatabase((name) =>
        openGridFsBlobStore({ url, database: name, bucketName: 'blobs' }),
      );
      try {
        const bytes = Buffer.from(`invoice ${randomUUID()}`);
        await Promise.all(Array.from({ length: 6 }, () => store.put(bytes)));

        const hash = createHash('sha256').update(bytes).digest('hex');
        const files = await admin.db(database).collection('blobs.files').find({ filename: hash }).toArray();
        expect(files).to.have.length(1);
        expect(await admin.db(database).collection('blobs.chunks').countDocuments({})).to.equal(1);
      } finally {
        await cleanup();
      }
    });
  });
});
