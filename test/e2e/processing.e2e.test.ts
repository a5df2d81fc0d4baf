import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import sharp from 'sharp';
import { corpusFile, createBody, documentsPath, TENANT_A, useKontor } from './kontor-fixture.js';

const run = promisify(execFile);

describe('e2e: processing runs for real', function () {
  this.timeout(240_000);
  const fixture = useKontor();
  const collection = documentsPath(TENANT_A.id);

  it('given a downloadable invoice PDF, then it reaches done with files and extracted data', async () => {
    const created = await fixture.api.post(collection, createBody({ urls: [fixture.files.url('/aws.pdf')] }));
    expect(created.status).to.equal(201);

    const done = await fixture.api.waitUntilProcessed(
      `${collection}/${created.body.data.id}?include=accounting_document,sender_address,receiver_address`,
    );
    const attributes = done.body.data.attributes;

    expect(attributes.current_status).to.equal('done');
    expect(attributes.status).to.equal('done');
    expect(attributes.error_codes).to.deep.equal([]);
    expect(attributes.source_files).to.have.length(1);
    expect(attributes.previews).to.have.length.greaterThan(0);
    expect(attributes.thumbnail).to.include({ mime_type: 'image/jpeg' });

    const accounting = done.body.included.find((record: { type: string }) => record.type === 'accounting_document');
    expect(done.body.data.relationships.accounting_document).to.deep.equal({
      data: { type: 'accounting_document', id: created.body.data.id },
    });
    expect(accounting.attributes).to.include({ number: '42183017', invoice_date: '2014-08-03', currency: 'USD', amount_total: 4.11 });
    expect(accounting.attributes.text).to.contain('Amazon Web Services');
  });

  it('given files, then each file URL serves bytes of its declared type', async () => {
    const pdf = await readFile(corpusFile('invoice2data/tests/compare/NetpresseInvoice.pdf'));
    const created = await fixture.api.post(collection, createBody({ base64_files: [pdf.toString('base64')] }));
    const done = await fixture.api.waitUntilProcessed(`${collection}/${created.body.data.id}`);
    const { source_files, previews, thumbnail } = done.body.data.attributes;

    const source = await fixture.api.get(new URL(source_files[0].url).pathname);
    expect(source.headers.get('content-type')).to.equal('application/pdf');
    expect(source.bytes.equals(pdf)).to.equal(true);
    for (const image of [...previews, thumbnail]) {
      const response = await fixture.api.get(new URL(image.url).pathname);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal(image.mime_type);
      const metadata = await sharp(response.bytes).metadata();
      expect(`image/${metadata.format === 'jpeg' ? 'jpeg' : metadata.format}`).to.equal(image.mime_type);
    }
  });

  it('given a scanned page, then a searchable PDF finds its words and a signed PDF verifies unmodified', async () => {
    const png = await readFile(corpusFile('invoice2data/tests/compare/AmazonWebServices.png'));
    const created = await fixture.api.post(collection, createBody({ base64_files: [png.toString('base64')] }));
    const done = await fixture.api.waitUntilProcessed(`${collection}/${created.body.data.id}`);
    const { enhanced_pdf: enhanced, signed_pdf: signed } = done.body.data.attributes;
    expect(enhanced).to.have.length(1);
    expect(enhanced[0]).to.include({ mime_type: 'application/pdf' });
    expect(signed).to.include({ mime_type: 'application/pdf' });

    const directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-e2e-pdf-'));
    try {
      const download = async (file: { url: string }, name: string) => {
        const response = await fixture.api.get(new URL(file.url).pathname);
        expect(response.headers.get('content-type')).to.equal('application/pdf');
        await writeFile(path.join(directory, name), response.bytes);
        return path.join(directory, name);
      };
      const searchable = await download(enhanced[0], 'enhanced.pdf');
      const signedFile = await download(signed, 'signed.pdf');
      const { stdout: text } = await run('pdftotext', [searchable, '-']);
      expect(text).to.match(/Amazon Web Services/i);
      const { stdout: signature } = await run('pdfsig', [signedFile]).catch((error: { stdout: string }) => error);
      expect(signature).to.contain('Signature Validation: Signature is Valid.');
      expect(signature).to.contain('Total document signed');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('given a URL that fails and one the SSRF guard refuses, then download_failed and still done', async () => {
    const created = await fixture.api.post(
      collection,
      createBody({ urls: [fixture.files.url('/missing.pdf'), 'http://127.0.0.1:9/secret', fixture.files.url('/aws.pdf')] }),
    );
    const done = await fixture.api.waitUntilProcessed(`${collection}/${created.body.data.id}`);
    const attributes = done.body.data.attributes;

    expect(attributes.current_status).to.equal('done');
    expect(attributes.error_codes).to.include('download_failed');
    expect(attributes.download_errors.map((error: { reason: string }) => error.reason)).to.deep.equal(['http_status', 'blocked_address']);
    expect(attributes.source_files).to.have.length(1);
  });

  it('given only failing URLs, then download_failed, no files, and done', async () => {
    const created = await fixture.api.post(
      collection,
      createBody({ urls: [fixture.files.url('/redirect?to=http://169.254.169.254/latest/meta-data')] }),
    );
    const done = await fixture.api.waitUntilProcessed(`${collection}/${created.body.data.id}`);

    expect(done.body.data.attributes).to.include({ current_status: 'done' });
    expect(done.body.data.attributes.error_codes).to.deep.equal(['download_failed']);
    expect(done.body.data.attributes.source_files).to.deep.equal([]);
  });

  it('given a scanned page (an image), then OCR reads it and the fields are extracted', async () => {
    const png = await readFile(corpusFile('invoice2data/tests/compare/AmazonWebServices.png'));
    const created = await fixture.api.post(collection, createBody({ base64_files: [png.toString('base64')] }));
    const done = await fixture.api.waitUntilProcessed(`${collection}/${created.body.data.id}?include=accounting_document`);
    const accounting = done.body.included[0].attributes;

    expect(done.body.data.attributes.current_status).to.equal('done');
    expect(accounting.text).to.match(/Amazon Web Services/i);
    expect(accounting.currency).to.equal('USD');
  });

  it('given XRechnung XML on its own, then the fields come from the XML, with XML paths as evidence', async () => {
    const xml = await readFile(corpusFile('xrechnung/src/test/business-cases/extension/04.01a-INVOICE_ubl.xml'));
    const created = await fixture.api.post(collection, createBody({ base64_files: [xml.toString('base64')] }));
    const done = await fixture.api.waitUntilProcessed(`${collection}/${created.body.data.id}?include=accounting_document`);
    const accounting = done.body.included[0].attributes;

    expect(done.body.data.attributes).to.include({ current_status: 'done' });
    expect(done.body.data.attributes.previews).to.deep.equal([]);
    expect(accounting).to.include({ number: '12345', invoice_date: '2019-05-15', currency: 'EUR', amount_total: 14918.84 });
    expect(accounting.bank_accounts.map((account: { iban: string }) => account.iban)).to.deep.equal(['DE79000000001234567890']);
    expect(accounting.evidence['accounting_document.number'].source.kind).to.equal('xml');
  });

  it('given a Swiss QR-bill, then es is filled from the decoded QR code', async () => {
    const pdf = await readFile(corpusFile('qrbill/manuelbl/generator/src/test/resources/a4bill_ex1.pdf'));
    const created = await fixture.api.post(collection, createBody({ base64_files: [pdf.toString('base64')] }));
    const done = await fixture.api.waitUntilProcessed(`${collection}/${created.body.data.id}?include=accounting_document`);
    const accounting = done.body.included[0].attributes;

    expect(accounting.es).to.include({ es_iban: 'CH4431999123000889012' });
    expect(accounting.reference).to.equal('210000000003139471430009017');
    expect(accounting.bank_accounts.map((account: { iban: string }) => account.iban)).to.include('CH4431999123000889012');
  });

  it('given an unknown include, then 400 naming the parameter', async () => {
    const list = await fixture.api.get(`${collection}?include=accounting_document,owner`);

    expect(list.status).to.equal(400);
    expect(list.body.errors[0].source).to.deep.equal({ parameter: 'include' });
  });

  it('given a restart, then every document, status and file is still there', async () => {
    const before = await fixture.api.get(`${collection}?page[size]=100`);
    await fixture.kontor.stop();
    await fixture.kontor.launch();
    const after = await fixture.api.get(`${collection}?page[size]=100`);

    expect(after.body.meta.total).to.equal(before.body.meta.total);
    expect(
      after.body.data.map((document: { id: string; attributes: { current_status: string } }) => [
        document.id,
        document.attributes.current_status,
      ]),
    ).to.deep.equal(
      before.body.data.map((document: { id: string; attributes: { current_status: string } }) => [
        document.id,
        document.attributes.current_status,
      ]),
    );
  });
});
