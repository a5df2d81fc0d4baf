import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { openLocalBlobStore } from '../../shared/adapters/embedded/local-blob-store.js';
import { createLogger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import { givenDocument, storedFile, submitted } from '../../test/support/given-document.js';
import { testPdfRenderer } from '../../test/support/pdf-renderer.js';
import { publishDocument } from './publish-document.js';
import type { PdfSigner } from './signing/pdf-signer.js';
import { buildThenSign } from './signed-pdf-builder.js';
import { buildEnhancedPdf } from './enhanced-pdf/build-enhanced-pdf.js';

describe('converter: publishing a document when signing fails', () => {
  let directory: string;
  let blobs: BlobStore;
  let logLines: Array<Record<string, unknown>>;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kontor-publish-'));
    blobs = await openLocalBlobStore(directory);
    logLines = [];
  });

  afterEach(async () => {
    await blobs.close();
    await rm(directory, { recursive: true, force: true });
  });

  const failingSigner: PdfSigner = {
    certificate: { commonName: 'Broken', notAfter: new Date('2036-01-01'), selfSigned: true },
    sign: () => Promise.reject(new Error('the key cannot sign')),
  };

  it('stores the searchable PDF and no signed copy, and says why in the log', async () => {
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const image = { blob: await blobs.put(png), fileName: 'page-1.png', mimeType: 'image/png' };
    const converted: DocumentEvent = {
      type: 'DocumentConverted',
      data: {
        pages: [{ pageNumber: 1, sourceIndex: 0, sourcePage: 1, image, preview: image, widthPx: 300, heightPx: 400, showsOnlyText: false }],
        thumbnail: null,
        failures: [],
      },
    };
    const recognized: DocumentEvent = {
      type: 'TextRecognized',
      data: { pages: [{ pageNumber: 1, text: '', method: 'ocr', confidence: null, words: null }] },
    };
    const logger = createLogger('publish-test', 'info', { write: (line: string) => logLines.push(JSON.parse(line)) });

    const published = await publishDocument(givenDocument(submitted(), storedFile(0, 'image/png', 'scan.png'), converted, recognized), {
      blobs,
      buildSigned: buildThenSign(buildEnhancedPdf, failingSigner),
      renderer: testPdfRenderer,
      dpi: 300,
      logger,
    });

    expect(published.signedPdf).to.equal(null);
    expect((await fileTypeFromBuffer((await blobs.get(published.enhancedPdf.hash))!))?.mime).to.equal('application/pdf');
    expect(logLines.find((line) => line.msg === 'converter could not sign the searchable PDF; recording it unsigned')).to.deep.include({
      level: 'error',
    });
  });
});
