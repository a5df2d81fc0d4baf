import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { DocumentKeyStore } from '../ports/document-key-store.js';
import { SHREDDED_PAYLOAD, type EventStore, type NewEvent } from '../ports/event-store.js';
import { openFileEventStore } from './embedded/file-event-store.js';
import { openFileKeyStore } from './embedded/file-key-store.js';
import { isEncryptedPayload, withPayloadEncryption } from './encrypted-event-store.js';
import { createOpenedPayloads, forgettingOpenedPayloads, type OpenedPayloads, type SealedEvent } from './opened-payloads.js';

const STREAM = 'document-doc-1';

const eventOf = (type: string, data: unknown): NewEvent => ({
  type,
  schemaVersion: 1,
  data,
  metadata: { tenantId: 'tenant-a', documentId: 'doc-1', producer: 'test' },
});

describe('payload encryption (crypto-shredding decorator of any event store)', () => {
  let directory: string;
  let stored: EventStore;
  let keys: DocumentKeyStore;
  let store: EventStore;

  const open = async () => {
    stored = await openFileEventStore(path.join(directory, 'events'));
    keys = await openFileKeyStore(path.join(directory, 'keys'));
    store = withPayloadEncryption(stored, keys, { plaintextTypes: ['Erased'] });
  };

  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-encrypted-store-'));
    await open();
  });
  afterEach(async () => {
    await store.close();
    await keys.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('given appended payloads, then the log holds ciphertext and readers get the plaintext back', async () => {
    await store.append(STREAM, [eventOf('Submitted', { company: 'Müller AG' }), eventOf('Erased', { by: 'x' })], 'noStream');

    const [sealed, kept] = await stored.readStream(STREAM);
    expect(isEncryptedPayload(sealed!.data)).to.equal(true);
    expect(JSON.stringify(sealed!.data)).not.to.contain('Müller');
    expect(kept!.data).to.deep.equal({ by: 'x' });
    expect((await store.readStream(STREAM)).map((event) => event.data)).to.deep.equal([{ company: 'Müller AG' }, { by: 'x' }]);
    expect((await store.readAll(0, 10)).map((event) => event.data)).to.deep.equal([{ company: 'Müller AG' }, { by: 'x' }]);
  });

  it('given a read event, then spreads and JSON see its payload as a plain member, in its place', async () => {
    await store.append(STREAM, [eventOf('Submitted', { company: 'Müller AG' })], 'noStream');
    const [read] = await store.readAll(0, 10);
    const [asStored] = await stored.readAll(0, 10);

    expect(Object.keys(read!)).to.deep.equal(Object.keys(asStored!));
    expect(JSON.parse(JSON.stringify(read))).to.deep.equal({ ...asStored, data: { company: 'Müller AG' } });
    expect({ ...read }.data).to.deep.equal({ company: 'Müller AG' });
  });

  it('given a ciphertext changed in the log, when the page is read, then only reading that payload fails', async () => {
    await store.append(STREAM, [eventOf('Submitted', { n: 1 }), eventOf('Converted', { n: 2 })], 'noStream');
    await store.close();
    await keys.close();
    const log = path.join(directory, 'events', 'events.ndjson');
    const lines = (await readFile(log, 'utf8')).split('\n');
    const first = JSON.parse(lines[0]!) as { data: { encrypted: { ciphertext: string } } };
    const bytes = Buffer.from(first.data.encrypted.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 0xff;
    first.data.encrypted.ciphertext = bytes.toString('base64');
    lines[0] = JSON.stringify(first);
    await writeFile(log, lines.join('\n'));
    await rm(path.join(directory, 'events', 'events.index'), { force: true });
    await open();

    const [changed, intact] = await store.readAll(0, 10);

    expect(changed!.type).to.equal('Submitted');
    expect(changed!.metadata.documentId).to.equal('doc-1');
    expect(() => changed!.data).to.throw();
    expect(intact!.data).to.deep.equal({ n: 2 });
  });

  it('given payloads decrypted at once (a replay), then a read event is a plain object, and a changed ciphertext fails the read of its page', async () => {
    await store.append(STREAM, [eventOf('Submitted', { company: 'Müller AG' })], 'noStream');
    const atOnce = withPayloadEncryption(stored, keys, { plaintextTypes: ['Erased'], decrypt: 'at once' });
    const [read] = await atOnce.readAll(0, 10);

    expect(Object.getOwnPropertyDescriptor(read, 'data')).to.have.property('value').that.deep.equals({ company: 'Müller AG' });
    // A copy: events read are shared by every reader, and frozen.
    const asStored = structuredClone((await stored.readAll(0, 10))[0]);
    const sealed = asStored!.data as { encrypted: { tag: string } };
    sealed.encrypted.tag = Buffer.alloc(16).toString('base64');
    const changed = withPayloadEncryption({ ...stored, readAll: async () => [asStored!] }, keys, {
      plaintextTypes: [],
      decrypt: 'at once',
    });
    let failure: unknown = null;
    await changed.readAll(0, 10).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(Error);
  });

  it('given the document key destroyed, then every sealed payload reads as shredded and the plaintext types stay', async () => {
    await store.append(STREAM, [eventOf('Submitted', { n: 1 }), eventOf('Erased', { by: 'x' })], 'noStream');
    await keys.destroy('doc-1');

    expect((await store.readStream(STREAM)).map((event) => event.data)).to.deep.equal([SHREDDED_PAYLOAD, { by: 'x' }]);
  });

  describe('with payloads kept once opened', () => {
    let opened: OpenedPayloads;
    let serviceKeys: DocumentKeyStore;
    let remembering: EventStore;

    beforeEach(() => {
      opened = createOpenedPayloads();
      serviceKeys = forgettingOpenedPayloads(keys, opened);
      remembering = withPayloadEncryption(stored, serviceKeys, { plaintextTypes: ['Erased'], opened });
    });

    it('given a payload read once, when its event is read again, then every reader is handed the same frozen payload', async () => {
      await remembering.append(STREAM, [eventOf('Submitted', { company: { name: 'Müller AG' } })], 'noStream');

      const [first] = await remembering.readStream(STREAM);
      expect(first!.data).to.deep.equal({ company: { name: 'Müller AG' } });
      const [again] = await remembering.readAll(0, 10);

      expect(Object.getOwnPropertyDescriptor(again, 'data')).to.have.property('value').that.equals(first!.data);
      expect(Object.isFrozen((first!.data as { company: object }).company)).to.equal(true);
    });

    it('given an append, when its events are first read, then their payloads are the ones just sealed, handed out frozen without a decryption', async () => {
      await remembering.append(
        STREAM,
        [eventOf('Submitted', { company: { name: 'Müller AG' } }), eventOf('Erased', { by: 'x' })],
        'noStream',
      );

      const [submitted, erased] = await remembering.readAll(0, 10);
      const asStored = (await stored.readStream(STREAM))[0] as SealedEvent;

      // A payload to be decrypted is a getter (see withPayloadOpenedOnRead); a kept one is a plain value.
      expect(Object.getOwnPropertyDescriptor(submitted, 'data'))
        .to.have.property('value')
        .that.deep.equals({ company: { name: 'Müller AG' } });
      expect(Object.isFrozen((submitted!.data as { company: object }).company)).to.equal(true);
      expect(opened.find(asStored)).to.equal(submitted!.data);
      expect(erased!.data).to.deep.equal({ by: 'x' });
    });

    it('given an append that fails (the stream exists), then nothing of it is kept', async () => {
      await remembering.append(STREAM, [eventOf('Submitted', { n: 1 })], 'noStream');
      const kept: unknown[] = [];
      const counting = withPayloadEncryption(stored, serviceKeys, {
        plaintextTypes: ['Erased'],
        opened: { ...opened, keep: (event, data) => kept.push(data) && opened.keep(event, data) },
      });

      let failure: unknown = null;
      await counting.append(STREAM, [eventOf('Submitted', { n: 2 })], 'noStream').catch((error: unknown) => (failure = error));

      expect(failure).to.be.instanceOf(Error);
      expect(kept).to.deep.equal([]);
    });

    it('given an erasure (the key destroyed through the key store the services use), then none of its payloads can be read from what was opened, and the store reads them shredded', async () => {
      await remembering.append(STREAM, [eventOf('Submitted', { company: 'Müller AG' }), eventOf('Converted', { pages: 1 })], 'noStream');
      expect((await remembering.readStream(STREAM)).map((event) => event.data)).to.deep.equal([{ company: 'Müller AG' }, { pages: 1 }]);

      await serviceKeys.destroy('doc-1');

      for (const event of await stored.readStream(STREAM)) expect(opened.find(event as SealedEvent)).to.equal(undefined);
      expect((await remembering.readStream(STREAM)).map((event) => event.data)).to.deep.equal([SHREDDED_PAYLOAD, SHREDDED_PAYLOAD]);
    });

    it('given the key destroyed by another process, when the stream is read, then it reads shredded and what was opened is forgotten', async () => {
      await remembering.append(STREAM, [eventOf('Submitted', { company: 'Müller AG' })], 'noStream');
      expect((await remembering.readStream(STREAM))[0]!.data).to.deep.equal({ company: 'Müller AG' });

      await keys.destroy('doc-1');

      expect((await remembering.readStream(STREAM))[0]!.data).to.deep.equal(SHREDDED_PAYLOAD);
      expect(opened.find((await stored.readStream(STREAM))[0] as SealedEvent)).to.equal(undefined);
    });
  });
});
