import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer as collect } from 'node:stream/consumers';
import { createGunzip, createGzip } from 'node:zlib';
import { expect } from 'chai';
import tar from 'tar-stream';
import { openFileEventStore } from '../adapters/embedded/file-event-store.js';
import { withHashChain } from '../adapters/hash-chained-event-store.js';
import type { EventStore, NewEvent } from '../ports/event-store.js';
import { createSelfSignedP12 } from '../signing/self-signed-identity.js';
import type { SigningIdentity } from '../signing/p12-identity.js';
import { blobHashOf, writeDocumentArchive } from './document-archive.js';
import { verifyDocumentArchive } from './verify-archive.js';

const PDF = Buffer.from('%PDF-1.4 the original invoice');
const OTHER = Buffer.from('%PDF-1.4 some other invoice');

const event = (n: number, data: Record<string, unknown> = {}): NewEvent => ({
  type: 'Tested',
  schemaVersion: 1,
  data: { n, ...data },
  metadata: { tenantId: 'acme', documentId: 'doc-1', producer: 'test' },
});

/** The archive's files, to change one the way a tamperer would, and pack them again. */
const unpack = async (archive: Buffer): Promise<Map<string, Buffer>> => {
  const entries = new Map<string, Buffer>();
  const extract = tar.extract();
  Readable.from(archive).pipe(createGunzip()).pipe(extract);
  for await (const entry of extract) entries.set(entry.header.name, await collect(entry));
  return entries;
};
const repack = async (entries: Map<string, Buffer>): Promise<Buffer> => {
  const pack = tar.pack();
  for (const [name, bytes] of entries) pack.entry({ name, size: bytes.length }, bytes);
  pack.finalize();
  return collect(pack.pipe(createGzip()));
};
const changeEvents = (entries: Map<string, Buffer>, change: (lines: string[]) => string[]) => {
  const lines = entries.get('events.jsonl')!.toString('utf8').split('\n').filter(Boolean);
  entries.set(
    'events.jsonl',
    Buffer.from(
      change(lines)
        .map((line) => `${line}\n`)
        .join(''),
    ),
  );
};

describe('audit: an exported document archive, verified offline', () => {
  let directory: string;
  let store: EventStore;
  let identity: SigningIdentity;
  let archive: Buffer;

  before(async () => {
    identity = { p12: await createSelfSignedP12('secret-passphrase'), passphrase: 'secret-passphrase' };
  });

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kontor-archive-'));
    store = withHashChain(await openFileEventStore(directory));
    const file = { blob: { hash: blobHashOf(PDF), size: PDF.length }, fileName: 'invoice.pdf', mimeType: 'application/pdf' };
    await store.append('document-doc-1', [event(0), event(1, { file }), event(2)], 'noStream');
    archive = await writeDocumentArchive(
      {
        tenantId: 'acme',
        documentId: 'doc-1',
        events: await store.readStream('document-doc-1'),
        blobs: new Map([[blobHashOf(PDF), PDF]]),
        key: null,
        exportedAt: '2026-11-25T06:00:00.000Z',
      },
      identity,
    );
  });

  afterEach(async () => {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('given an archive as exported, then it verifies: signature, chain and blobs hold', async () => {
    const verdict = await verifyDocumentArchive(archive);

    expect(verdict.problems).to.deep.equal([]);
    expect(verdict.valid).to.equal(true);
    expect(verdict.chain).to.include({ status: 'intact', events: 3 });
    expect(verdict.signer?.selfSigned).to.equal(true);
  });

  it('given a payload changed in the archive, then it names the event whose content differs', async () => {
    const entries = await unpack(archive);
    changeEvents(entries, (lines) => lines.map((line, index) => (index === 1 ? line.replace('"n":1', '"n":7') : line)));

    const verdict = await verifyDocumentArchive(await repack(entries));

    expect(verdict.valid).to.equal(false);
    expect(verdict.problems).to.include('event at revision 1: payload changed (the event’s content differs from what was recorded)');
  });

  it('given an event removed from the archive, then it says events were removed', async () => {
    const entries = await unpack(archive);
    changeEvents(entries, (lines) => lines.slice(0, 2));

    const verdict = await verifyDocumentArchive(await repack(entries));

    expect(verdict.problems).to.include('the manifest lists 3 events, the archive holds 2: events were removed or added');
    expect(verdict.problems).to.include(
      'the events do not end on the head hash the manifest seals: an event was changed, removed or added',
    );
  });

  it('given a blob swapped for other bytes, then it names the blob', async () => {
    const entries = await unpack(archive);
    entries.set(`blobs/${blobHashOf(PDF)}`, OTHER);

    const verdict = await verifyDocumentArchive(await repack(entries));

    expect(verdict.problems).to.deep.equal([`blob ${blobHashOf(PDF)}: its bytes do not have that hash (the file was swapped or changed)`]);
  });

  it('given the manifest changed to match a tampered archive, then the signature no longer holds', async () => {
    const entries = await unpack(archive);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as { events: number };
    entries.set('manifest.json', Buffer.from(JSON.stringify({ ...manifest, events: 2 })));

    const verdict = await verifyDocumentArchive(await repack(entries));

    expect(verdict.problems[0]).to.equal('the signature does not match the manifest: the manifest was changed after export');
  });

  it('given bytes that are no archive, then it refuses them saying so', async () => {
    const refusal = await verifyDocumentArchive(Buffer.from('hello')).then(
      () => null,
      (error: Error) => error.message,
    );

    expect(refusal).to.match(/^not a Kontor document archive/);
  });
});
