import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import forge from 'node-forge';
import { openSigningIdentity } from '../../../shared/signing/signing-certificate.js';
import { CmsSigner } from './cms-signer.js';

const rsaKey = () => {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
};

const certificateFor = (
  key: forge.pki.rsa.PrivateKey,
  subject: string,
  issuer: { name: string; key: forge.pki.rsa.PrivateKey },
  serial: string,
) => {
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  certificate.serialNumber = serial;
  certificate.validity.notBefore = new Date('2026-01-01T00:00:00Z');
  certificate.validity.notAfter = new Date('2036-01-01T00:00:00Z');
  certificate.setSubject([{ name: 'commonName', value: subject }]);
  certificate.setIssuer([{ name: 'commonName', value: issuer.name }]);
  certificate.setExtensions([{ name: 'basicConstraints', cA: subject === issuer.name }]);
  certificate.sign(issuer.key, forge.md.sha256.create());
  return certificate;
};

/** A PKCS#12 file as a company's CA issues it: the signing key, its certificate and the CA's. */
const caIssuedIdentity = () => {
  const caKey = rsaKey();
  const ca = certificateFor(caKey, 'Example CA', { name: 'Example CA', key: caKey }, '01');
  const key = rsaKey();
  const leaf = certificateFor(key, 'Example signing', { name: 'Example CA', key: caKey }, '0a1b2c');
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [leaf, ca], 'secret', { algorithm: 'aes256' });
  return { identity: { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), passphrase: 'secret' }, ca };
};

describe('converter: the CMS signature of a PDF', function () {
  this.timeout(30_000);
  let directory: string;

  /** `openssl cms -verify` of a detached signature over `content`, trusting `ca`. */
  const opensslVerify = async (signature: Buffer, content: Buffer, ca: forge.pki.Certificate) => {
    await writeFile(join(directory, 'content.bin'), content);
    await writeFile(join(directory, 'signature.der'), signature);
    await writeFile(join(directory, 'ca.pem'), forge.pki.certificateToPem(ca));
    return promisify(execFile)('openssl', [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      join(directory, 'signature.der'),
      '-content',
      join(directory, 'content.bin'),
      '-CAfile',
      join(directory, 'ca.pem'),
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ]);
  };

  before(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kontor-cms-'));
  });

  after(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('given a CA-issued identity, then OpenSSL verifies the detached signature up to that CA, and it carries both certificates', async () => {
    const { identity, ca } = caIssuedIdentity();
    const content = Buffer.from('%PDF-1.7 the bytes of a file but its signature');

    const signature = await new CmsSigner(openSigningIdentity(identity)).sign(content, new Date('2026-03-12T10:00:00Z'));

    const { stderr } = await opensslVerify(signature, content, ca);
    expect(stderr).to.include('Verification successful');
    const message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(signature.toString('binary'))) as forge.pkcs7.PkcsSignedData;
    expect(message.certificates.map((certificate) => certificate.subject.getField('CN').value)).to.have.members([
      'Example signing',
      'Example CA',
    ]);
  });

  it('given other bytes than were signed, then OpenSSL refuses the signature', async () => {
    const { identity, ca } = caIssuedIdentity();
    const signature = await new CmsSigner(openSigningIdentity(identity)).sign(Buffer.from('what was signed'));

    const verifying = opensslVerify(signature, Buffer.from('what was not signed'), ca);
    await verifying.then(
      () => expect.fail('OpenSSL accepted a signature over other bytes'),
      (error: { stderr: string }) => expect(error.stderr).to.match(/digest failure|verification failure/i),
    );
  });
});
