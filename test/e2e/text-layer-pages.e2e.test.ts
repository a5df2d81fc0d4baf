import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { createBody, documentsPath, TENANT_A, useKontor } from './kontor-fixture.js';

const run = promisify(execFile);
const LINES = ['Muster AG, Bahnhofstrasse 1, 8001 Zürich', 'Rechnung Nr. 2026-17', 'Datum: 12.03.2026', 'Total CHF 108.10'];

/** An A4 invoice of a few lines of Helvetica and, as asked, a logo (a picture) above them. */
const invoicePdf = async ({ logo = false } = {}): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  LINES.forEach((line, index) => page.drawText(line, { x: 60, y: 760 - index * 24, size: 12, font }));
  if (logo) {
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#204080' } })
      .png()
      .toBuffer();
    page.drawImage(await pdf.embedPng(png), { x: 60, y: 790, width: 64, height: 32 });
  }
  return Buffer.from(await pdf.save());
};

interface ConvertedPagePayload {
  image: { fileName: string; mimeType: string } | null;
  widthPx: number;
  heightPx: number;
  showsOnlyText: boolean;
}

describe('e2e: born-digital pages, read from their text layer without a page raster', function () {
  this.timeout(240_000);
  const fixture = useKontor();
  const collection = documentsPath(TENANT_A.id);

  const processed = async (pdf: Buffer) => {
    const created = await fixture.api.post(collection, createBody({ base64_files: [pdf.toString('base64')] }));
    expect(created.status).to.equal(201);
    const documentPath = `${collection}/${created.body.data.id}`;
    const done = await fixture.api.waitUntilProcessed(`${documentPath}?include=accounting_document`);
    const history = await fixture.api.get(`${documentPath}/events?filter[type]=DocumentConverted`);
    const [converted] = history.body.data as Array<{ attributes: { schema_version: number; payload: { pages: ConvertedPagePayload[] } } }>;
    return { done, converted: converted!.attributes };
  };

  const download = async (file: { url: string }) => (await fixture.api.get(new URL(file.url).pathname)).bytes;

  it('given a PDF of text alone, then it is done with previews, thumbnail, searchable and signed PDF and its text, and no page raster is stored', async () => {
    const { done, converted } = await processed(await invoicePdf());

    const attributes = done.body.data.attributes;
    expect(attributes.status).to.equal('done');
    expect(converted.schema_version).to.equal(3);
    expect(converted.payload.pages).to.have.length(1);
    expect(converted.payload.pages[0]).to.deep.include({ image: null, widthPx: 2479, heightPx: 3508, showsOnlyText: true });
    expect(await sharp(await download(attributes.previews[0])).metadata()).to.deep.include({ format: 'jpeg', width: 1000 });
    expect(await sharp(await download(attributes.thumbnail)).metadata()).to.deep.include({ format: 'jpeg', width: 200 });
    const accounting = done.body.included.find((record: { type: string }) => record.type === 'accounting_document');
    for (const line of LINES) expect(accounting.attributes.text).to.contain(line);

    const directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-e2e-text-only-'));
    try {
      const enhanced = path.join(directory, 'enhanced.pdf');
      const signed = path.join(directory, 'signed.pdf');
      await writeFile(enhanced, await download(attributes.enhanced_pdf[0]));
      await writeFile(signed, await download(attributes.signed_pdf));
      const { stdout: text } = await run('pdftotext', [enhanced, '-']);
      expect(text).to.contain('Rechnung Nr. 2026-17');
      // Copied from the source, with no picture of the page in it.
      const { stdout: images } = await run('pdfimages', ['-list', enhanced]);
      expect(images.trim().split('\n')).to.have.length(2);
      const { stdout: signature } = await run('pdfsig', [signed]).catch((error: { stdout: string }) => error);
      expect(signature).to.contain('Signature Validation: Signature is Valid.');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('given the same invoice with a logo on it, then it is done from its text layer, with previews and a searchable PDF, and no page raster is stored either', async () => {
    const { done, converted } = await processed(await invoicePdf({ logo: true }));

    const attributes = done.body.data.attributes;
    expect(attributes.status).to.equal('done');
    expect(converted.payload.pages[0]).to.deep.include({ image: null, showsOnlyText: false });
    expect(await sharp(await download(attributes.previews[0])).metadata()).to.deep.include({ format: 'jpeg', width: 1000 });
    const accounting = done.body.included.find((record: { type: string }) => record.type === 'accounting_document');
    expect(accounting.attributes.text).to.contain('Rechnung Nr. 2026-17');

    const directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-e2e-logo-'));
    try {
      const enhanced = path.join(directory, 'enhanced.pdf');
      await writeFile(enhanced, await download(attributes.enhanced_pdf[0]));
      const { stdout: text } = await run('pdftotext', [enhanced, '-']);
      expect(text).to.contain('Total CHF 108.10');
      // Copied from the source: the logo is the one picture in it.
      const { stdout: images } = await run('pdfimages', ['-list', enhanced]);
      expect(images.trim().split('\n')).to.have.length(3);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
