import { spawn } from 'node:child_process';
import { appendFile, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { readRebuildStatus } from '../../services/projector/rebuild-status.js';
import { ApiClient, type ApiResponse } from '../../harness/api-client.js';
import { KontorProcess } from '../../harness/kontor-process.js';
import { expectMatchesOpenApi } from '../support/openapi-validator.js';
import { corpusFile, createBody, documentsPath, TENANT_A, TENANT_B, useKontor } from './kontor-fixture.js';

const XML = 'xrechnung/src/test/technical-cases/cius/01.05_minimal_test_ubl.xml';
const LEGACY_DATA_DIR = path.resolve(import.meta.dirname, '../fixtures/legacy-data-dir');
/** The one document of the legacy data directory, written by the code of 2026-11-21 (before chaining). */
const LEGACY_DOCUMENT = 'c1b7e3cb-0d3e-4214-a12c-9468df85cacd';

interface EventResource {
  id: string;
  attributes: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- payloads are arbitrary JSON
  links: { self: string; document: string };
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs a Kontor command line tool as an operator would, collecting what it says. */
const runCli = (args: string[], environment: Record<string, string>) => {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const finished = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stderr })),
  );
  return {
    finished,
    get exitCode() {
      return child.exitCode;
    },
  };
};

/** Kontor says it listens for rebuild requests once its read model is built. */
const readRebuildStatusWhenReady = async (dataDir: string) => {
  for (;;) {
    const status = await readRebuildStatus(dataDir);
    if (status) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const eventsOf = (response: ApiResponse): EventResource[] => response.body.data;
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

describe('e2e: a document’s history', () => {
  const fixture = useKontor();
  let xml: Buffer;
  let documentPath: string;
  let history: EventResource[];

  before(async function () {
    this.timeout(120_000);
    xml = await readFile(corpusFile(XML));
    const created = await fixture.api.post(
      documentsPath(TENANT_A.id),
      createBody({ base64_files: [xml.toString('base64')], custom_fields: { ref: 'H-1' } }),
    );
    documentPath = `${documentsPath(TENANT_A.id)}/${created.body.data.id}`;
    await fixture.api.waitUntilProcessed(documentPath);
    history = eventsOf(await fixture.api.get(`${documentPath}/events?page[size]=100`));
  });

  it('given a processed document, then its history lists every event in stream order, each with who appended it and its chain hash', () => {
    expect(history.map((event) => event.attributes.revision)).to.deep.equal(history.map((_, index) => index));
    expect(history[0]!.attributes).to.deep.include({
      type: 'DocumentSubmitted',
      schema_version: 1,
      stored_schema_version: 1,
      causation_id: null,
    });
    expect(history[0]!.attributes.actor).to.deep.include({ kind: 'token', tenant_id: TENANT_A.id });
    expect(history[0]!.attributes.actor.id).to.match(/^env-[0-9a-f]{12}$/);
    expect(history.at(-1)!.attributes.type).to.equal('ProcessingCompleted');
    expect(history.at(-1)!.attributes.actor).to.deep.include({ kind: 'service' });
    for (const event of history) {
      expect(event.attributes.correlation_id).to.equal(history[0]!.id);
      expect(event.attributes.chain_hash).to.match(/^[0-9a-f]{64}$/);
      expect(event.attributes.trace_id).to.match(/^[0-9a-f]{32}$/);
    }
    expect(history[1]!.attributes.previous_chain_hash).to.equal(history[0]!.attributes.chain_hash);
    expect(history[0]!.attributes.payload.customFields).to.deep.equal({ ref: 'H-1' });
  });

  it('given page[size]=2, then pages follow one another with links that keep the filter', async () => {
    const first = await fixture.api.get(`${documentPath}/events?page[size]=2`);
    const second = await fixture.api.get(pathOf(first.body.links.next));

    expect(first.body.meta).to.deep.equal({
      total: history.length,
      page: { number: 1, size: 2, total_pages: Math.ceil(history.length / 2) },
    });
    expect(eventsOf(first).map((event) => event.id)).to.deep.equal(history.slice(0, 2).map((event) => event.id));
    expect(eventsOf(second).map((event) => event.id)).to.deep.equal(history.slice(2, 4).map((event) => event.id));
    expect(first.body.links.prev).to.equal(null);
  });

  it('given filter[type] with several types, then only those events, in order', async () => {
    const filtered = await fixture.api.get(`${documentPath}/events?filter[type]=ProcessingCompleted,DocumentSubmitted`);

    expect(eventsOf(filtered).map((event) => event.attributes.type)).to.deep.equal(['DocumentSubmitted', 'ProcessingCompleted']);
    expect(filtered.body.meta.total).to.equal(2);
  });

  it('given an unknown type or parameter, then 400 naming it', async () => {
    const unknownType = await fixture.api.get(`${documentPath}/events?filter[type]=Nope`);
    const unknownParameter = await fixture.api.get(`${documentPath}/events?sort=-revision`);

    expect(unknownType.status).to.equal(400);
    expect(unknownType.body.errors[0]).to.deep.include({ code: 'invalid_filter_value', source: { parameter: 'filter[type]' } });
    expect(unknownParameter.status).to.equal(400);
    expect(unknownParameter.body.errors[0].source).to.deep.equal({ parameter: 'sort' });
  });

  it('given a blob reference in a payload, then its link answers the bytes', async () => {
    const stored = history.find((event) => event.attributes.type === 'SourceFileStored')!;
    const link = stored.attributes.payload.file.blob.url as string;

    const bytes = await fixture.api.get(pathOf(link), { headers: { Accept: 'application/xml' } });

    expect(bytes.status).to.equal(200);
    expect(bytes.bytes.equals(xml)).to.equal(true);
    expect(bytes.headers.get('content-type')).to.match(/^application\/xml/);
  });

  it('given one event’s link, then it answers that event with its whole payload', async () => {
    const extracted = history.find((event) => event.attributes.type === 'DataExtracted')!;

    const single = await fixture.api.get(pathOf(extracted.links.self));

    expect(single.status).to.equal(200);
    expect(single.body.data).to.deep.equal({
      ...extracted,
      attributes: { ...extracted.attributes, payload_inline: true, payload: single.body.data.attributes.payload },
    });
    expect(single.body.data.attributes.payload).to.have.property('accountingDocument');
  });

  it('given the /api/v1 form, then it answers the same history with links in that form', async () => {
    const answer = await fixture.api.get(`/api${documentPath}/events?page[size]=100`);

    expect(eventsOf(answer).map((event) => event.id)).to.deep.equal(history.map((event) => event.id));
    expect(answer.body.links.self).to.match(/\/api\/v1\/tenant-a\/documents\/[^/]+\/events\?/);
    expect(eventsOf(answer)[0]!.links.self).to.match(/\/api\/v1\//);
  });

  it('given a token of another tenant, then history, event and blob answer 403 and leak nothing; on its own tenant the document is unknown', async () => {
    const stored = history.find((event) => event.attributes.type === 'SourceFileStored')!;
    for (const target of [`${documentPath}/events`, pathOf(stored.links.self), pathOf(stored.attributes.payload.file.blob.url)]) {
      const answer = await fixture.apiB.get(target);
      expect(answer.status, target).to.equal(403);
      expect(answer.bytes.toString(), target).to.not.match(/DocumentSubmitted|H-1|total/);
    }
    const own = await fixture.apiB.get(`${documentsPath(TENANT_B.id)}/${documentPath.split('/').pop()}/events`);
    expect(own.status).to.equal(404);
  });

  it('given an unknown document, event or blob, then 404; given another method, then 405', async () => {
    const stored = history.find((event) => event.attributes.type === 'SourceFileStored')!;
    expect((await fixture.api.get(`${documentsPath(TENANT_A.id)}/00000000-0000-4000-8000-000000000000/events`)).status).to.equal(404);
    expect((await fixture.api.get(`${documentPath}/events/no-such-event`)).status).to.equal(404);
    expect((await fixture.api.get(`${pathOf(stored.links.self)}/blobs/${'0'.repeat(64)}`)).status).to.equal(404);
    expect((await fixture.api.request('DELETE', `${documentPath}/events`)).status).to.equal(405);
  });

  describe('as of a point in the past', () => {
    const revisionOf = (type: string) => history.find((event) => event.attributes.type === type)!.attributes.revision as number;

    it('given as_of the submission’s revision, then the document as it stood then: processing, nothing extracted', async () => {
      const past = await fixture.api.get(`${documentPath}?as_of=0&include=accounting_document`);

      expect(past.status).to.equal(200);
      expect(past.body.data.attributes).to.include({ current_status: 'processing', updated_at: history[0]!.attributes.recorded_at });
      expect(past.body.data.attributes.custom_fields).to.deep.equal({ ref: 'H-1' });
      expect(past.body.included).to.deep.equal([]);
      expect(past.body.meta.as_of).to.deep.equal({ requested: '0', revision: 0, recorded_at: history[0]!.attributes.recorded_at });
      expect(past.body.links.self).to.match(/\?as_of=0$/);
    });

    it('given as_of the revision that extracted the data, then its included records are there and it is not done yet', async () => {
      const revision = revisionOf('DataExtracted');

      const past = await fixture.api.get(`${documentPath}?as_of=${revision}&include=accounting_document,sender_address`);

      expect(past.body.data.attributes.current_status).to.equal(revision < revisionOf('ProcessingCompleted') ? 'processing' : 'done');
      expect(past.body.included.map((record: { type: string }) => record.type)).to.include('accounting_document');
    });

    it('given as_of the last revision, then it answers what the document answers now', async () => {
      const now = await fixture.api.get(`${documentPath}?include=accounting_document,sender_address,receiver_address`);
      const past = await fixture.api.get(
        `${documentPath}?as_of=${history.length - 1}&include=accounting_document,sender_address,receiver_address`,
      );

      expect(past.body.data).to.deep.equal(now.body.data);
      expect(past.body.included).to.deep.equal(now.body.included);
    });

    it('given as_of a time, then the events recorded at or before it, in both path forms', async () => {
      const completedAt = history.at(-1)!.attributes.recorded_at as string;
      const submittedAt = history[0]!.attributes.recorded_at as string;

      const done = await fixture.api.get(`/api${documentPath}?as_of=${encodeURIComponent(completedAt)}`);
      const submitted = await fixture.api.get(`${documentPath}?as_of=${encodeURIComponent(submittedAt)}`);

      expect(done.body.data.attributes.current_status).to.equal('done');
      expect(done.body.data.links.self).to.match(/\/api\/v1\//);
      expect(submitted.body.meta.as_of.recorded_at).to.equal(submittedAt);
      expect(submitted.body.data.attributes.current_status).to.equal('processing');
    });

    it('given a malformed as_of, then 400; a revision past the stream or a time before the document, then 404', async () => {
      for (const bad of ['yesterday', '-1', '2026-03-01', '1.5']) {
        const answer = await fixture.api.get(`${documentPath}?as_of=${encodeURIComponent(bad)}`);
        expect(answer.status, bad).to.equal(400);
        expect(answer.body.errors[0]).to.deep.include({ code: 'invalid_as_of', source: { parameter: 'as_of' } });
      }
      expect((await fixture.api.get(`${documentPath}?as_of=${history.length}`)).status).to.equal(404);
      expect((await fixture.api.get(`${documentPath}?as_of=2000-01-01T00:00:00Z`)).status).to.equal(404);
    });

    it('given a token of another tenant, then 403 and nothing leaked; on its own tenant the document is unknown', async () => {
      const other = await fixture.apiB.get(`${documentPath}?as_of=0`);
      const own = await fixture.apiB.get(`${documentsPath(TENANT_B.id)}/${documentPath.split('/').pop()}?as_of=0`);

      expect(other.status).to.equal(403);
      expect(other.bytes.toString()).to.not.include('H-1');
      expect(own.status).to.equal(404);
    });
  });
});

describe('e2e: history of a data directory written before this change', () => {
  let dataDir: string;
  let kontor: KontorProcess | null = null;
  const token = 'legacy-token-0123';
  const documentPath = `/v1/acme/documents/${LEGACY_DOCUMENT}`;
  const checkAgainstOpenApi = (method: string, requestPath: string, response: ApiResponse) => {
    if (requestPath.includes('/blobs/')) return;
    expectMatchesOpenApi(method, requestPath, response.status, response.body, response.headers.get('content-type') ?? undefined);
  };
  const start = async () => {
    kontor = await KontorProcess.startIn(dataDir, { AUTH_TOKENS: `acme=${token}` });
    return new ApiClient(kontor.baseUrl, token, checkAgainstOpenApi);
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kontor-history-'));
    await cp(LEGACY_DATA_DIR, dataDir, { recursive: true });
  });
  afterEach(async function () {
    this.timeout(60_000);
    await kontor?.stop();
    kontor = null;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('given a stream written before chaining, then its history answers with no chain hashes, and its blobs answer their bytes', async function () {
    this.timeout(120_000);
    const api = await start();

    const answer = await api.get(`${documentPath}/events`);
    const events = eventsOf(answer);
    const stored = events.find((event) => event.attributes.type === 'SourceFileStored')!;
    const bytes = await api.get(pathOf(stored.attributes.payload.file.blob.url));

    expect(answer.status).to.equal(200);
    expect(events.map((event) => event.attributes.type)).to.deep.equal([
      'DocumentSubmitted',
      'SourceFileStored',
      'DocumentConverted',
      'TextRecognized',
      'DataExtracted',
      'ProcessingCompleted',
    ]);
    expect(events.every((event) => event.attributes.chain_hash === null)).to.equal(true);
    expect(events[0]!.attributes.actor).to.deep.equal({ kind: 'service', id: 'gateway' });
    expect(bytes.status).to.equal(200);
    expect(bytes.bytes.length).to.equal(stored.attributes.payload.file.blob.size);
  });

  it('given a stream written before chaining, then it answers as of a revision and as of a time', async function () {
    this.timeout(120_000);
    const api = await start();

    const submittedOnly = await api.get(`${documentPath}?as_of=0`);
    const done = await api.get(`${documentPath}?as_of=2026-11-25T05:43:01.256Z&include=accounting_document`);

    expect(submittedOnly.body.data.attributes).to.include({ current_status: 'processing' });
    expect(submittedOnly.body.data.attributes.source_files).to.deep.equal([]);
    expect(done.body.data.attributes).to.include({ current_status: 'done' });
    expect(done.body.data.attributes.custom_fields).to.deep.equal({ ref: 'A-1' });
    expect(done.body.meta.as_of.revision).to.equal(5);
    expect(done.body.included[0].type).to.equal('accounting_document');
  });

  it('given a running Kontor, when `npm run read-model -- rebuild` runs, then it rebuilds and switches over while the API keeps answering', async function () {
    this.timeout(120_000);
    const api = await start();
    const before = await api.get(`${documentPath}?include=accounting_document`);
    const status = await readRebuildStatusWhenReady(dataDir);

    const rebuild = runCli(['services/projector/read-model-cli.ts', 'rebuild'], { DATA_DIR: dataDir });
    let answered = 0;
    while (rebuild.exitCode === null) {
      if ((await api.get(`${documentPath}?include=accounting_document`)).status === 200) answered++;
      // A client polling, not flooding: the tenant's request limit (100/s) is not what this is about.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const { code, stderr } = await rebuild.finished;
    const after = await api.get(`${documentPath}?include=accounting_document`);

    expect(status.pid).to.be.a('number');
    expect(code, stderr).to.equal(0);
    expect(stderr).to.match(/Rebuilt and switched over: 6 events replayed \(position 6\)/);
    expect(answered).to.be.above(0);
    expect(after.body).to.deep.equal(before.body);
  });

  it('given an erased document, then its history answers 410 naming who erased it and when, and shows no payload', async function () {
    this.timeout(120_000);
    const erasedAt = '2026-11-25T06:00:00.000Z';
    const erasure = {
      position: 7,
      streamName: `document-${LEGACY_DOCUMENT}`,
      revision: 6,
      eventId: '7d1f3b9e-3c6a-4e53-9f0e-2a8c1d4b5e60',
      type: 'DocumentErased',
      schemaVersion: 1,
      data: { erasedAt, requestedBy: { tenantId: 'acme', tokenId: 'kt_dpo' }, reason: 'GDPR art. 17', blobs: [], payloadsShredded: false },
      metadata: {
        tenantId: 'acme',
        documentId: LEGACY_DOCUMENT,
        producer: 'gateway',
        requestedBy: { tenantId: 'acme', tokenId: 'kt_dpo' },
      },
      recordedAt: erasedAt,
      lastOfAppend: true,
    };
    await appendFile(path.join(dataDir, 'events', 'events.ndjson'), `${JSON.stringify(erasure)}\n`);
    const api = await start();

    const answer = await api.get(`${documentPath}/events`);

    expect(answer.status).to.equal(410);
    expect(answer.body.errors[0]).to.deep.include({
      code: 'document_erased',
      meta: { erased_at: erasedAt, requested_by: { tenant_id: 'acme', token_id: 'kt_dpo' } },
    });
    expect(answer.bytes.toString()).to.not.include('A-1');
  });
});
