import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ensureSigningIdentity, generatedIdentityPaths } from '../../shared/signing/signing-identity.js';
import { openPostgresEventStore } from '../../shared/adapters/postgres/postgres-event-store.js';
import { documentStreamName } from '../../shared/document/document-stream.js';
import { ApiClient } from '../../harness/api-client.js';
import { corpusPath } from '../../harness/corpora.js';
import { freePort, ServiceProcess } from '../../harness/kontor-process.js';
import { serverUrl } from './server-urls.js';

const TENANT = { id: 'acme', token: 'acme-distributed-token' };
const DOCUMENTS = 50;
const WORKERS = ['relay', 'downloader', 'converter', 'extractor', 'projector'] as const;

/**
 * The proof of the distributed mode: every service its own process over Kafka, PostgreSQL and
 * FerretDB; 50 documents; the extractor and the relay killed mid-run and restarted. Every document
 * must finish with exactly one extraction in its stream, none lost, none twice in the read model.
 */
describe('distributed: seven processes over Kafka, PostgreSQL and MongoDB', function () {
  this.timeout(15 * 60_000);
  const processes = new Map<string, ServiceProcess>();
  let api: ApiClient;
  let environment: Record<string, string>;
  let signingDir: string;

  before(async function () {
    const run = randomBytes(4).toString('hex');
    // In the distributed mode every converter signs with one configured identity, as from a mounted Secret.
    signingDir = await mkdtemp(path.join(os.tmpdir(), 'kontor-signing-'));
    const identity = await ensureSigningIdentity(signingDir);
    environment = {
      KONTOR_MODE: 'distributed',
      EVENT_STORE: 'postgres',
      POSTGRES_URL: serverUrl(this, 'POSTGRES_URL', 'start PostgreSQL with scripts/servers/postgres.sh'),
      POSTGRES_SCHEMA: `proof_${run}`,
      KAFKA_BROKERS: serverUrl(this, 'KAFKA_BROKERS', 'start Kafka with scripts/servers/kafka.sh'),
      KAFKA_TOPIC: `kontor.proof-${run}`,
      KAFKA_CLIENT_ID: `proof-${run}`,
      MONGO_URL: serverUrl(this, 'MONGO_URL', 'start FerretDB with scripts/servers/ferretdb.sh'),
      MONGO_DATABASE: `proof_${run}`,
      AUTH_TOKENS: `${TENANT.id}=${TENANT.token}`,
      OCR_WORKERS: '1',
      SIGNING_P12: generatedIdentityPaths(signingDir).p12,
      SIGNING_PASSPHRASE: identity.passphrase,
    };
    const queryPort = await freePort();
    processes.set('query', new ServiceProcess('services/query/main.ts', queryPort, environment));
    processes.set(
      'gateway',
      new ServiceProcess('services/gateway/main.ts', await freePort(), { ...environment, QUERY_URL: `http://127.0.0.1:${queryPort}` }),
    );
    for (const name of WORKERS) processes.set(name, new ServiceProcess(`services/${name}/main.ts`, await freePort(), environment));
    await Promise.all([...processes.values()].map((process) => process.launch()));
    api = new ApiClient(processes.get('gateway')!.baseUrl, TENANT.token);
  });

  after(async () => {
    await Promise.all([...processes.values()].map((process) => process.stop()));
    if (signingDir) await rm(signingDir, { recursive: true, force: true });
  });

  it('given 50 documents and a crash of the extractor and the relay, then all finish once, none lost, none twice', async () => {
    const pdfs = await Promise.all(
      ['NetpresseInvoice.pdf', 'AmazonWebServices.pdf', 'QualityHosting.pdf'].map((name) =>
        readFile(corpusPath(`invoice2data/tests/compare/${name}`)),
      ),
    );
    const ids: string[] = [];
    for (let index = 0; index < DOCUMENTS; index++) {
      const created = await api.post(`/v1/${TENANT.id}/documents`, {
        data: {
          type: 'documents',
          attributes: { base64_files: [pdfs[index % pdfs.length]!.toString('base64')], custom_fields: { batch: index } },
        },
      });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      ids.push(created.body.data.id);
      if (index === DOCUMENTS / 2) {
        await processes.get('extractor')!.stop('SIGKILL');
        await processes.get('relay')!.stop('SIGKILL');
        await processes.get('extractor')!.launch();
        await processes.get('relay')!.launch();
      }
    }

    const deadline = Date.now() + 12 * 60_000;
    const count = async (status: string) =>
      (await api.get(`/api/v1/${TENANT.id}/documents?filter[current_status]=${status}&page[size]=1`)).body.meta.total as number;
    while ((await count('processing')) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await count('failed'), 'documents failed').to.equal(0);
    expect(await count('done'), 'documents done').to.equal(DOCUMENTS);

    const all = await api.get(`/api/v1/${TENANT.id}/documents?page[size]=100`);
    const listed = (all.body.data as Array<{ id: string }>).map((document) => document.id);
    expect(all.body.meta.total).to.equal(DOCUMENTS);
    expect(new Set(listed).size).to.equal(DOCUMENTS);
    expect([...listed].sort()).to.deep.equal([...ids].sort());

    const store = await openPostgresEventStore({ connectionString: environment.POSTGRES_URL!, schema: environment.POSTGRES_SCHEMA });
    try {
      for (const id of ids) {
        const types = (await store.readStream(documentStreamName(id))).map((event) => event.type);
        expect(
          types.filter((type) => type === 'DataExtracted'),
          `extractions of ${id}`,
        ).to.have.length(1);
        expect(
          types.filter((type) => type === 'ProcessingCompleted'),
          `completions of ${id}`,
        ).to.have.length(1);
      }
    } finally {
      await store.close();
    }
  });
});
