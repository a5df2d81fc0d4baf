import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PositionedDocumentEvent } from '../../shared/document/document-decider.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import { openRecognitionCache } from './recognition-cache.js';

const submitted: PositionedDocumentEvent = {
  type: 'DocumentSubmitted',
  revision: 0,
  recordedAt: '2026-11-26T00:00:00.000Z',
  data: {
    documentId: 'bench',
    tenantId: 'bench',
    submittedAt: '2026-11-26T00:00:00.000Z',
    sources: [{ index: 0, kind: 'upload' }],
    customFields: {},
    documentType: null,
    extractLineItems: true,
    extractionProcess: 'full-extraction',
  },
};

describe('bench: recognition cache', () => {
  let directory: string;
  beforeEach(async () => (directory = await mkdtemp(join(tmpdir(), 'kontor-recognition-cache-'))));
  afterEach(() => rm(directory, { recursive: true, force: true }));

  const file = (bytes: string) => ({ name: 'scan.png', mimeType: 'image/png', bytes: Buffer.from(bytes) });

  it('given a document recognized once, then a later run reads its events and blobs without recognizing it again', async () => {
    let recognitions = 0;
    const recognize = async (blobs: BlobStore) => {
      recognitions++;
      await blobs.put(Buffer.from('page words'));
      return [submitted];
    };

    await openRecognitionCache(directory).recognized([file('scan')], recognize);
    const again = await openRecognitionCache(directory).recognized([file('scan')], recognize);

    expect(recognitions).to.equal(1);
    expect(again.events).to.deep.equal([submitted]);
    const words = createHash('sha256').update('page words').digest('hex');
    expect((await again.blobs.get(words))?.toString()).to.equal('page words');
  });

  it('given other file bytes, then it is another document', async () => {
    let recognitions = 0;
    const recognize = async () => {
      recognitions++;
      return [submitted];
    };

    await openRecognitionCache(directory).recognized([file('scan')], recognize);
    await openRecognitionCache(directory).recognized([file('another scan')], recognize);

    expect(recognitions).to.equal(2);
  });
});
