import { mkdtempSync, symlinkSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { missingPrograms } from '../../services/converter/rendering/missing-programs.js';
import { corpusFile, createBody, documentsPath, TENANT_A, useKontor } from './kontor-fixture.js';

/**
 * A directory holding Node and nothing else, as PATH: no Ghostscript, GraphicsMagick, ImageMagick or
 * poppler, as on a machine with Node alone (Node's own directory may be /usr/bin, which holds them all here).
 */
const nodeOnlyDirectory = () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'kontor-node-only-'));
  symlinkSync(process.execPath, path.join(directory, 'node'));
  return directory;
};

describe('e2e: a fresh machine with nothing but Node', function () {
  this.timeout(240_000);
  const NODE_ONLY_PATH = nodeOnlyDirectory();
  const fixture = useKontor({ PATH: NODE_ONLY_PATH });
  after(() => rm(NODE_ONLY_PATH, { recursive: true, force: true }));
  const collection = documentsPath(TENANT_A.id);

  it('given PATH holds none of the programs PDFs used to need', async () => {
    expect(await missingPrograms(['gs', 'gm', 'convert', 'pdftoppm'], NODE_ONLY_PATH)).to.deep.equal(['gs', 'gm', 'convert', 'pdftoppm']);
  });

  it('then the service says at start-up that PDFium renders PDF pages', () => {
    expect(fixture.kontor.logs).to.contain('converter renders PDF pages with pdfium');
    expect(fixture.kontor.logs).not.to.contain('converter cannot render PDF pages');
  });

  it('then a real PDF reaches done, with a preview per page and a thumbnail', async () => {
    const pdf = await readFile(corpusFile('invoice2data/tests/compare/QualityHosting.pdf'));

    const created = await fixture.api.post(collection, createBody({ base64_files: [pdf.toString('base64')] }));
    expect(created.status).to.equal(201);
    const done = await fixture.api.waitUntilProcessed(`${collection}/${created.body.data.id}`);

    const { current_status, error_codes, previews, thumbnail } = done.body.data.attributes;
    expect(current_status).to.equal('done');
    expect(error_codes).to.deep.equal([]);
    expect(previews).to.have.length(2);
    for (const image of [...previews, thumbnail]) {
      const response = await fixture.api.get(new URL(image.url).pathname);
      expect(response.status).to.equal(200);
      expect(await sharp(response.bytes).metadata()).to.include({ format: 'jpeg' });
    }
  });
});
