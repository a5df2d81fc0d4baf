import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { corpusPath } from '../../../harness/corpora.js';
import { signatureOf, textOf, type SignatureReport } from '../../../test/support/poppler.js';
import { createPdfSigner, type PdfSigner } from './pdf-signer.js';
import { createSelfSignedP12 } from '../../../shared/signing/self-signed-identity.js';

const UNSIGNED_PDF = corpusPath('invoice2data/tests/compare/QualityHosting.pdf');
const SIGNED_AT = new Date('2026-03-12T10:00:00.000Z');

/** What pdfsig says about a signed PDF, written to a file for it. */
const pdfsig = async (pdf: Buffer, directory: string): Promise<SignatureReport> => {
  const path = join(directory, `checked-${randomUUID()}.pdf`);
  await writeFile(path, pdf);
  return signatureOf(path);
};

describe('converter: signing the searchable PDF', function () {
  this.timeout(30_000);
  let directory: string;
  let signer: PdfSigner;
  let signed: Buffer;

  before(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kontor-signing-'));
    signer = createPdfSigner({ p12: await createSelfSignedP12('a passphrase'), passphrase: 'a passphrase' });
    signed = await signer.sign(await readFile(UNSIGNED_PDF), SIGNED_AT);
  });

  after(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('embeds a PKCS#7 detached signature that pdfsig finds valid, by the configured signer', async () => {
    const report = await pdfsig(signed, directory);

    expect(report).to.include({ type: 'adbe.pkcs7.detached', signer: 'Kontor document signing', validation: 'Signature is Valid.' });
  });

  it('signs every byte of the file but the signature itself', async () => {
    const { ranges, wholeDocument } = await pdfsig(signed, directory);

    expect(wholeDocument).to.equal(true);
    expect(ranges).to.have.length(2);
    expect(ranges[0]![0]).to.equal(0);
    expect(ranges[1]![1]).to.equal(signed.length);
    // The gap between the ranges is the hex signature in angle brackets.
    expect(signed.toString('latin1', ranges[0]![1], ranges[0]![1] + 1)).to.equal('<');
    expect(signed.toString('latin1', ranges[1]![0] - 1, ranges[1]![0])).to.equal('>');
  });

  it('is reported as self-signed, hence untrusted: expected without a configured certificate', async () => {
    expect((await pdfsig(signed, directory)).certificate).to.equal('Certificate issuer is unknown.');
    expect(signer.certificate.selfSigned).to.equal(true);
  });

  it('keeps the pages and text of the PDF it signs', async () => {
    const path = join(directory, 'signed-text.pdf');
    await writeFile(path, signed);

    expect(await textOf(path)).to.equal(await textOf(UNSIGNED_PDF));
  });

  it('shows a change made after signing', async () => {
    const tampered = Buffer.from(signed);
    // One letter of the signature's stated reason: the file stays well-formed, only its content changes.
    tampered.write('X', signed.indexOf('made by Kontor'), 'latin1');

    expect((await pdfsig(tampered, directory)).validation).to.equal('Digest Mismatch.');
  });

  it('signs one PDF after another with the same signer', async () => {
    const again = await signer.sign(await readFile(UNSIGNED_PDF), SIGNED_AT);

    expect((await pdfsig(again, directory)).validation).to.equal('Signature is Valid.');
  });

  it('refuses an identity whose passphrase does not open it', async () => {
    const p12 = await createSelfSignedP12('right');

    expect(() => createPdfSigner({ p12, passphrase: 'wrong' })).to.throw();
  });
});
