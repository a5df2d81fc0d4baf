import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { verifyDocumentArchive } from '../../shared/audit/verify-archive.js';
import { ApiClient } from '../../harness/api-client.js';
import { KontorProcess } from '../../harness/kontor-process.js';
import { expectMatchesOpenApi } from '../support/openapi-validator.js';
import { corpusFile, createBody, documentsPath, TENANT_A, TENANT_B, useKontor } from './kontor-fixture.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const XML = 'xrechnung/src/test/technical-cases/cius/01.05_minimal_test_ubl.xml';
const LEGACY_DATA_DIR = path.resolve(import.meta.dirname, '../fixtures/legacy-data-dir');
/** The one document of the legacy data directory, written by the code of 2026-11-21 (before chaining). */
const LEGACY_DOCUMENT = 'c1b7e3cb-0d3e-4214-a12c-9468df85cacd';

describe('e2e: auditing a document', () => {
  const fixture = useKontor();
  let documentPath: string;

  before(async function () {
    this.timeout(120_000);
    const xml = await readFile(corpusFile(XML));
    const created = await fixture.api.post(documentsPath(TENANT_A.id), createBody({ base64_files: [xml.toString('base64')] }));
    documentPath = `${documentsPath(TENANT_A.id)}/${created.body.data.id}`;
    await fixture.api.waitUntilProcessed(documentPath);
  });

  it('given a processed document, then its audit finds the chain intact and every blob it references unchanged', async () => {
    const audit = await fixture.api.get(`${documentPath}/audit`);

    expect(audit.status).to.equal(200);
    expect(audit.body.data.attributes).to.include({ chain_status: 'intact', intact: true, first_chained_revision: 0, note: null });
    expect(audit.body.data.attributes.events).to.be.at.least(5);
    expect(audit.body.data.attributes.blobs.verified).to.equal(audit.body.data.attributes.blobs.referenced).and.be.above(0);
  });

  it('given the /api/v1 form, then it answers the same audit', async () => {
    const audit = await fixture.api.get(`/api${documentPath}/audit`);

    expect(audit.status).to.equal(200);
    expect(audit.body.data.links.self).to.match(/\/api\/v1\/tenant-a\/documents\/.+\/audit$/);
  });

  it('given a processed document, when it is exported, then the archive verifies offline with no server', async () => {
    const exported = await fixture.api.get(`${documentPath}/export`, { headers: { Accept: 'application/gzip' } });

    expect(exported.status).to.equal(200);
    expect(exported.headers.get('content-type')).to.equal('application/gzip');
    const verdict = await verifyDocumentArchive(exported.bytes);
    expect(verdict.problems).to.deep.equal([]);
    expect(verdict.chain.status).to.equal('intact');
  });

  it('given an exported archive, then `npm run audit -- verify` says it is valid, and refuses a damaged one saying why', async function () {
    this.timeout(60_000);
    const exported = await fixture.api.get(`${documentPath}/export`);
    const directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-verify-'));
    const archive = path.join(directory, 'document.tar.gz');
    await writeFile(archive, exported.bytes);
    const verify = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'shared/audit/audit-cli.ts', 'verify', archive], { cwd: ROOT, encoding: 'utf8' });

    const valid = verify();
    await writeFile(archive, exported.bytes.subarray(0, exported.bytes.length - 40));
    const truncated = verify();
    await rm(directory, { recursive: true, force: true });

    expect(valid.status, valid.stderr).to.equal(0);
    expect(valid.stdout).to.include('VALID: the archive is as it was exported.');
    expect(truncated.status).to.equal(2);
    expect(truncated.stderr).to.include('not a Kontor document archive');
  });

  it('given a token of another tenant, then audit and export answer 403 and leak nothing', async () => {
    for (const suffix of ['audit', 'export']) {
      const answer = await fixture.apiB.get(`${documentPath}/${suffix}`);
      expect(answer.status, suffix).to.equal(403);
      expect(answer.bytes.toString()).to.not.include('head_hash');
    }
  });

  it('given an unknown document, then 404; given another method, then 405', async () => {
    expect((await fixture.api.get(`${documentsPath(TENANT_A.id)}/00000000-0000-4000-8000-000000000000/audit`)).status).to.equal(404);
    expect((await fixture.apiB.get(`${documentsPath(TENANT_B.id)}/${documentPath.split('/').pop()}/export`)).status).to.equal(404);
    expect((await fixture.api.request('DELETE', `${documentPath}/audit`)).status).to.equal(405);
  });
});

describe('e2e: a data directory changed behind Kontor’s back, and one written before chaining', () => {
  let dataDir: string;
  let kontor: KontorProcess | null = null;
  const token = 'legacy-token-0123';
  const checkAgainstOpenApi = (method: string, requestPath: string, response: { status: number; body: unknown; headers: Headers }) =>
    expectMatchesOpenApi(method, requestPath, response.status, response.body, response.headers.get('content-type') ?? undefined);

  const start = async () => {
    kontor = await KontorProcess.startIn(dataDir, { AUTH_TOKENS: `acme=${token}` });
    return new ApiClient(kontor.baseUrl, token, checkAgainstOpenApi);
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kontor-audit-'));
  });
  afterEach(async function () {
    this.timeout(60_000);
    await kontor?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('given a document written before chaining, then it reads as it did and its audit says it has no chain', async function () {
    this.timeout(120_000);
    await cp(LEGACY_DATA_DIR, dataDir, { recursive: true });
    const api = await start();

    const document = await api.get(`/v1/acme/documents/${LEGACY_DOCUMENT}`);
    const audit = await api.get(`/v1/acme/documents/${LEGACY_DOCUMENT}/audit`);

    expect(document.body.data.attributes).to.include({ current_status: 'done' });
    expect(document.body.data.attributes.custom_fields).to.deep.equal({ ref: 'A-1' });
    expect(audit.body.data.attributes).to.include({
      chain_status: 'unchained',
      note: 'no chain: written before chaining',
      first_chained_revision: null,
    });
  });

  it('given an event changed in the event log while Kontor was stopped, then the audit names the event that changed', async function () {
    this.timeout(120_000);
    const api = await start();
    const xml = await readFile(corpusFile(XML));
    const created = await api.post(
      '/v1/acme/documents',
      createBody({ base64_files: [xml.toString('base64')], custom_fields: { ref: 'A-1' } }),
    );
    const documentPath = `/v1/acme/documents/${created.body.data.id}`;
    await api.waitUntilProcessed(documentPath);
    await kontor!.stop();
    const log = path.join(dataDir, 'events', 'events.ndjson');
    // Payloads are encrypted at rest, so the intruder edits what is readable: who appended the submission.
    await writeFile(log, (await readFile(log, 'utf8')).replace('"producer":"gateway"', '"producer":"intruder"'));

    const restarted = await start();
    const audit = await restarted.get(`${documentPath}/audit`);

    expect(audit.body.data.attributes).to.include({ chain_status: 'broken', intact: false });
    expect(audit.body.data.attributes.breaks).to.deep.equal([
      { revision: 0, reason: 'payload_changed', detail: 'the event’s content differs from what was recorded' },
    ]);
  });
});
