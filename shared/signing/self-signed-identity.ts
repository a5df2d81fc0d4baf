import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';

const SELF_SIGNED_COMMON_NAME = 'Kontor document signing';
const VALID_YEARS = 10;
const KEY_BITS = 2048;

const rsaPrivateKey = async (): Promise<forge.pki.rsa.PrivateKey> => {
  // Node's generator is native and does not block the event loop the way forge's would.
  const { privateKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: KEY_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
};

/**
 * A new PKCS#12 file holding an RSA key and a self-signed certificate for it (CN=Kontor document
 * signing, digital signature and non-repudiation key usage, valid ten years from `now`), its key
 * encrypted with `passphrase`. Viewers verify signatures made with it but call the signer untrusted.
 */
export const createSelfSignedP12 = async (passphrase: string, now: Date = new Date()): Promise<Buffer> => {
  const privateKey = await rsaPrivateKey();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  // A positive serial number (leading byte below 0x80) of 128 random bits.
  certificate.serialNumber = `01${randomBytes(16).toString('hex')}`;
  certificate.validity.notBefore = now;
  certificate.validity.notAfter = new Date(now);
  certificate.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + VALID_YEARS);
  const name = [
    { name: 'commonName', value: SELF_SIGNED_COMMON_NAME },
    { name: 'organizationName', value: 'Kontor' },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [certificate], passphrase, {
    algorithm: 'aes256',
    friendlyName: SELF_SIGNED_COMMON_NAME,
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
};
