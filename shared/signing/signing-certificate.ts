import forge from 'node-forge';
import type { SigningIdentity } from './p12-identity.js';

/** What the signed PDFs will say about their signer. */
export interface SigningCertificate {
  commonName: string;
  notAfter: Date;
  selfSigned: boolean;
}

const sameKey = (key: forge.pki.rsa.PrivateKey, certificate: forge.pki.Certificate) => {
  const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
  return key.n.equals(publicKey.n) && key.e.equals(publicKey.e);
};

/**
 * Opens a PKCS#12 file as the PDF signer will: its encrypted private key, the certificate of that key
 * and every certificate the file holds (the chain a reader may need); throws saying why when it cannot
 * (wrong passphrase, no key, no matching certificate).
 */
export const openSigningIdentity = ({ p12, passphrase }: SigningIdentity) => {
  const store = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, passphrase);
  const key = store.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!]?.[0]?.key as
    forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('it holds no encrypted private key');
  const certificates = (store.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? []).flatMap((bag) =>
    bag.cert ? [bag.cert] : [],
  );
  const certificate = certificates.find((candidate) => sameKey(key, candidate));
  if (!certificate) throw new Error('it holds no certificate for its private key');
  return { key, certificate, certificates };
};

export type OpenedSigningIdentity = ReturnType<typeof openSigningIdentity>;

/** What a certificate says about its signer. */
export const describeCertificate = (certificate: forge.pki.Certificate): SigningCertificate => ({
  commonName: String(certificate.subject.getField('CN')?.value ?? ''),
  notAfter: certificate.validity.notAfter,
  selfSigned: certificate.isIssuer(certificate),
});

export const signingCertificateOf = (identity: SigningIdentity): SigningCertificate =>
  describeCertificate(openSigningIdentity(identity).certificate);
