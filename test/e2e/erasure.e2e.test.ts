import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { verifyDocumentArchive } from '../../shared/audit/verify-archive.js';
import { ApiClient } from '../../harness/api-client.js';
import { eventually } from '../support/eventually.js';
import { KontorProcess } from '../../harness/kontor-process.js';
import { expectMatchesOpenApi } from '../support/openapi-validator.js';
import { corpusFile, createBody } from './kontor-fixture.js';

const XML = 'xrechnung/src/test/technical-cases/cius/01.05_minimal_test_ubl.xml';
const LEGACY_DATA_DIR = path.resolve(import.meta.dirname, '../fixtures/legacy-data-dir');
const LEGACY_DOCUMENT = 'c1b7e3cb-0d3e-4214-a12c-9468df85cacd';
const PERSONAL = 'Customer-4711-Jane-Doe';

const blobFiles = async (dataDir: string): Promise<string[]> =>
  (await readdir(path.join(dataDir, 'blobs'), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

describe('e2e: erasing a document for a data-protection request', () => {
  let dataDir: string;
  let kontor: KontorProcess | null = null;
  const tokens = { acme: 'acme-token-0123456', other: 'other-token-012345' };
  const check = (method: string, requestPath: string, response: { status: number; body: unknown; headers: Headers }) => {
    if (requestPath.includes('/files/') || requestPath.endsWith('/export')) return;
    expectMatchesOpenApi(method, requestPath, response.status, response.body, response.headers.get('content-type') ?? undefined);
  };
  const start = async () => {
    kontor = await KontorProcess.startIn(dataDir, { AUTH_TOKENS: `acme=${tokens.acme},other=${tokens.other}` });
    return { api: new ApiClient(kontor.baseUrl, tokens.acme, check), other: new ApiClient(kontor.baseUrl, tokens.other, check) };
  };
  const submitProcessed = async (api: ApiClient) => {
    const xml = await readFile(corpusFile(XML));
    const created = await api.post(
      '/v1/acme/documents',
      createBody({ base64_files: [xml.toString('base64')], custom_fields: { customer: PERSONAL } }),
    );
    const documentPath = `/v1/acme/documents/${created.body.data.id}`;
    return { documentPath, document: await api.waitUntilProcessed(documentPath) };
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kontor-erasure-'));
  });
  afterEach(async function () {
    this.timeout(60_000);
    await kontor?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('given a processed document, then its personal data is nowhere in the event log in plain text', async function () {
    this.timeout(120_000);
    const { api } = await start();
    const { document } = await submitProcessed(api);

    expect(document.body.data.attributes.custom_fields).to.deep.equal({ customer: PERSONAL });
    expect(await readFile(path.join(dataDir, 'events', 'events.ndjson'), 'utf8')).to.not.include(PERSONAL);
  });

  it('when it is erased, then reads answer 404, lists drop it, its stored files are deleted, and its audit still holds', async function () {
    this.timeout(120_000);
    const { api } = await start();
    const { documentPath } = await submitProcessed(api);
    const blobsBefore = await blobFiles(dataDir);

    const erased = await api.request('DELETE', `${documentPath}?reason=GDPR%20art.%2017`);

    expect(erased.status).to.equal(204);
    expect((await api.get(documentPath)).status).to.equal(404);
    await eventually(async () => expect((await api.get('/v1/acme/documents')).body.data).to.deep.equal([]));
    await eventually(async () => expect((await blobFiles(dataDir)).length).to.be.below(blobsBefore.length));
    expect(await blobFiles(dataDir)).to.deep.equal([]);
    const audit = await api.get(`${documentPath}/audit`);
    expect(audit.status).to.equal(200);
    expect(audit.body.data.attributes).to.include({ chain_status: 'intact' });
  });

  it('when it is erased, then its export carries no key and its payloads stay unreadable, yet the chain verifies', async function () {
    this.timeout(120_000);
    const { api } = await start();
    const { documentPath } = await submitProcessed(api);
    await api.request('DELETE', documentPath);

    const exported = await api.get(`${documentPath}/export`, { headers: { Accept: 'application/gzip' } });
    const verdict = await verifyDocumentArchive(exported.bytes);

    expect(exported.status).to.equal(200);
    expect(exported.bytes.toString('latin1')).to.not.include(PERSONAL);
    expect(verdict.chain.status).to.equal('intact');
    expect(verdict.problems).to.deep.equal([]);
  });

  it('given an erased document, when Kontor restarts, then it stays erased and everything else reads as before', async function () {
    this.timeout(180_000);
    let { api } = await start();
    const { documentPath } = await submitProcessed(api);
    const kept = await submitProcessed(api);
    await api.request('DELETE', documentPath);
    await kontor!.stop();

    ({ api } = await start());

    expect((await api.get(documentPath)).status).to.equal(404);
    const still = await api.get(kept.documentPath);
    expect(still.status).to.equal(200);
    expect(still.body.data.attributes.custom_fields).to.deep.equal({ customer: PERSONAL });
    expect((await api.get('/v1/acme/documents')).body.data.map((item: { id: string }) => item.id)).to.deep.equal([still.body.data.id]);
  });

  it('given an erased, unknown or foreign document, then DELETE answers 404, and another tenant’s token 403', async function () {
    this.timeout(120_000);
    const { api, other } = await start();
    const { documentPath } = await submitProcessed(api);

    expect((await other.request('DELETE', documentPath)).status).to.equal(403);
    expect((await other.request('DELETE', documentPath.replace('/acme/', '/other/'))).status).to.equal(404);
    expect((await api.get(documentPath)).status).to.equal(200);
    expect((await api.request('DELETE', documentPath)).status).to.equal(204);
    expect((await api.request('DELETE', documentPath)).status).to.equal(404);
    expect((await api.request('DELETE', '/v1/acme/documents/00000000-0000-4000-8000-000000000000')).status).to.equal(404);
  });

  it('given a document written before payloads were encrypted, when it is erased, then its views and files go and the erasure says its payloads could not be shredded', async function () {
    this.timeout(120_000);
    await cp(LEGACY_DATA_DIR, dataDir, { recursive: true });
    const { api } = await start();

    const erased = await api.request('DELETE', `/api/v1/acme/documents/${LEGACY_DOCUMENT}`);

    expect(erased.status).to.equal(204);
    expect((await api.get(`/v1/acme/documents/${LEGACY_DOCUMENT}`)).status).to.equal(404);
    const log = await readFile(path.join(dataDir, 'events', 'events.ndjson'), 'utf8');
    expect(log).to.include('"payloadsShredded":false');
    await eventually(async () => expect(await blobFiles(dataDir)).to.deep.equal([]));
  });
});
