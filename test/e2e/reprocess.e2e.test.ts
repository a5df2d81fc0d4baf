import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { corpusFile, createBody, documentsPath, TENANT_A, TENANT_B, useKontor } from './kontor-fixture.js';

const XML = 'xrechnung/src/test/technical-cases/cius/01.05_minimal_test_ubl.xml';
const SCAN = 'invoice2data/tests/compare/AmazonWebServices.png';

const reprocess = (scope: string, reason?: string) => ({
  data: { type: 'reprocessing', attributes: { scope, ...(reason ? { reason } : {}) } },
});

describe('e2e: reprocessing a document', () => {
  const fixture = useKontor();
  let documentId: string;
  let documentPath: string;
  let machineNumber: string;

  before(async function () {
    this.timeout(120_000);
    const xml = await readFile(corpusFile(XML));
    const created = await fixture.api.post(documentsPath(TENANT_A.id), createBody({ base64_files: [xml.toString('base64')] }));
    documentId = created.body.data.id;
    documentPath = `${documentsPath(TENANT_A.id)}/${documentId}`;
    const processed = await fixture.api.waitUntilProcessed(`${documentPath}?include=accounting_document`);
    machineNumber = processed.body.included[0].attributes.invoice_number;
    const corrected = await fixture.api.request('PATCH', `${documentPath}/accounting_document`, {
      body: {
        data: { type: 'accounting_document', id: documentId, attributes: { invoice_number: 'CORRECTED-1' }, meta: { reason: 'typo' } },
      },
      headers: { 'If-Match': processed.headers.get('etag')! },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).to.equal(200);
  });

  it('when the extraction is reprocessed, then the document processes again and its new reading carries the extractor version, the correction kept', async function () {
    this.timeout(120_000);
    const answer = await fixture.api.post(`${documentPath}/reprocess`, reprocess('extraction', 'extractor update'));

    expect(answer.status, JSON.stringify(answer.body)).to.equal(202);
    expect(answer.body.data.attributes.current_status).to.equal('processing');
    const done = await fixture.api.waitUntilProcessed(`${documentPath}?include=accounting_document`);
    const record = done.body.included[0].attributes;
    expect(done.body.data.attributes.current_status).to.equal('done');
    expect(record.extractor_version).to.match(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
    expect(record.invoice_number).to.equal('CORRECTED-1');
    expect(record.evidence['accounting_document.invoice_number'].source).to.include({ kind: 'manual', machine_value: machineNumber });
  });

  it('then every reading is listed with its version and round, and two readings can be compared field by field', async () => {
    const readings = await fixture.api.get(`${documentPath}/extractions`);

    expect(readings.status).to.equal(200);
    expect(readings.body.data.map((reading: { attributes: { round: number } }) => reading.attributes.round)).to.deep.equal([0, 1]);
    const [first, second] = readings.body.data;
    expect(second.attributes.extractor_version).to.match(/\+[0-9a-f]{12}$/);
    expect(first.attributes.fields['accounting_document.invoice_number']).to.equal(machineNumber);

    const diff = await fixture.api.get(`${documentPath}/extractions?diff=${first.id},${second.id}`);
    expect(diff.status).to.equal(200);
    expect(diff.body.data.attributes.from.revision).to.equal(Number(first.id));
    // The same code read the same file twice: the readings agree on every field.
    expect(diff.body.data.attributes.changes).to.deep.equal([]);
    expect((await fixture.api.get(`${documentPath}/extractions?diff=${first.id},999`)).status).to.equal(400);
    expect((await fixture.api.get(`/api${documentPath}/extractions?diff=oops`)).body.errors[0].code).to.equal('invalid_diff');
  });

  it('given a document being reprocessed, then another reprocess and a correction answer 409', async function () {
    this.timeout(180_000);
    // A scanned page: its conversion and OCR take seconds, so the requests below arrive while it is reprocessed (an
    // e-invoice's reprocessing can finish between two requests, and a correction after it is no longer refused).
    const png = await readFile(corpusFile(SCAN));
    const created = await fixture.api.post(documentsPath(TENANT_A.id), createBody({ base64_files: [png.toString('base64')] }));
    const scanPath = `${documentsPath(TENANT_A.id)}/${created.body.data.id}`;
    await fixture.api.waitUntilProcessed(scanPath);

    const first = await fixture.api.post(`/api${scanPath}/reprocess`, reprocess('conversion'));
    const second = await fixture.api.post(`${scanPath}/reprocess`, reprocess('extraction'));
    const correction = await fixture.api.request('PATCH', `${scanPath}/accounting_document`, {
      body: { data: { type: 'accounting_document', id: created.body.data.id, attributes: { number: 'X' }, meta: { reason: 'r' } } },
      headers: { 'If-Match': first.headers.get('etag')! },
    });

    expect(first.status).to.equal(202);
    expect(second.status).to.equal(409);
    expect(second.body.errors[0].code).to.equal('document_processing');
    expect(correction.status).to.equal(409);
    expect(correction.body.errors[0].code).to.equal('document_processing');
    await fixture.api.waitUntilProcessed(scanPath);
  });

  it('given a document with nothing to redo, a bad body, or a token of another tenant, then 409, 422 and 403', async function () {
    this.timeout(60_000);
    const failed = await fixture.api.post(documentsPath(TENANT_A.id), createBody({ urls: [fixture.files.url('/missing.pdf')] }));
    const failedPath = `${documentsPath(TENANT_A.id)}/${failed.body.data.id}`;
    await fixture.api.waitUntilProcessed(failedPath);

    const nothing = await fixture.api.post(`${failedPath}/reprocess`, reprocess('conversion'));
    const badScope = await fixture.api.post(`${documentPath}/reprocess`, reprocess('everything'));
    const foreign = await fixture.apiB.post(`${documentPath}/reprocess`, reprocess('extraction'));
    const foreignReadings = await fixture.apiB.get(`${documentPath}/extractions`);
    const ownPath = await fixture.apiB.get(`${documentsPath(TENANT_B.id)}/${documentId}/extractions`);

    expect(nothing.status).to.equal(409);
    expect(nothing.body.errors[0].code).to.equal('nothing_to_reprocess');
    expect(badScope.status).to.equal(422);
    expect(badScope.body.errors[0].source.pointer).to.equal('/data/attributes/scope');
    expect(foreign.status).to.equal(403);
    expect(foreignReadings.status).to.equal(403);
    expect(foreignReadings.bytes.toString()).to.not.include('CORRECTED-1');
    expect(ownPath.status).to.equal(404);
  });

  it('given documents matching a filter, then `npm run reprocess` reprocesses each once, and a second run resumes from its checkpoint', async function () {
    this.timeout(180_000);
    const xml = (await readFile(corpusFile(XML))).toString('base64');
    const batch = await Promise.all(
      [1, 2, 3].map(() =>
        fixture.api.post(documentsPath(TENANT_A.id), createBody({ base64_files: [xml], custom_fields: { batch: 'bulk' } })),
      ),
    );
    for (const created of batch) await fixture.api.waitUntilProcessed(`${documentsPath(TENANT_A.id)}/${created.body.data.id}`);
    const directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-reprocess-'));
    const checkpoint = path.join(directory, 'run.checkpoint');
    const run = () =>
      runCli([
        '--tenant',
        TENANT_A.id,
        '--filter',
        'filter[custom_fields.batch]=bulk',
        '--max-in-flight',
        '2',
        '--checkpoint',
        checkpoint,
        '--url',
        fixture.kontor.baseUrl,
      ]);

    const first = await run();
    const second = await run();
    const lines = (await readFile(checkpoint, 'utf8')).trim().split('\n');
    await rm(directory, { recursive: true, force: true });

    expect(first.code, first.stderr).to.equal(0);
    expect(first.stderr).to.match(/3\/3 reprocessed \(0 with nothing to redo\), 0 failed, \d+ documents\/min/);
    expect(lines.filter((line) => line.startsWith('done '))).to.have.length(3);
    expect(second.code, second.stderr).to.equal(0);
    for (const created of batch) {
      const readings = await fixture.api.get(`${documentsPath(TENANT_A.id)}/${created.body.data.id}/extractions`);
      expect(readings.body.meta.total, 'one reading, one reprocessing: the second run asked for nothing').to.equal(2);
    }
  });

  it('given an invalid filter, then the CLI refuses before asking for anything', async () => {
    const answer = await runCli(['--tenant', TENANT_A.id, '--filter', 'filter[no_such_field]=1', '--url', fixture.kontor.baseUrl]);

    expect(answer.code).to.equal(2);
    expect(answer.stderr).to.include('invalid filter');
  });
});

const ROOT = path.resolve(import.meta.dirname, '../..');

const runCli = (args: string[]) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/reprocess/reprocess-cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, KONTOR_TOKEN: TENANT_A.token },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
