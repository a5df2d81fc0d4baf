import { createPrivateKey, createPublicKey, sign, verify, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { openSigningIdentity } from '../signing/signing-certificate.js';
import type { SigningIdentity } from '../signing/p12-identity.js';

/** A detached signature over an archive's manifest, with the certificate that checks it. */
export interface ArchiveSignature {
  algorithm: 'RSA-SHA256';
  /** Base64 of the signature over the manifest's bytes as stored in the archive. */
  signature: string;
  /** PEM of the signer's certificate. */
  certificate: string;
}

export const signManifest = (manifest: Buffer, identity: SigningIdentity): ArchiveSignature => {
  const { key, certificate } = openSigningIdentity(identity);
  return {
    algorithm: 'RSA-SHA256',
    signature: sign('sha256', manifest, createPrivateKey(forge.pki.privateKeyToPem(key))).toString('base64'),
    certificate: forge.pki.certificateToPem(certificate),
  };
};

export interface SignatureCheck {
  valid: boolean;
  signer: string;
  selfSigned: boolean;
}

/** Checks the signature with the certificate it names; trust in that certificate is the reader's decision. */
export const checkManifestSignature = (manifest: Buffer, signature: ArchiveSignature): SignatureCheck => {
  const certificate = new X509Certificate(signature.certificate);
  const valid = verify(
    'sha256',
    manifest,
    createPublicKey(certificate.publicKey.export({ type: 'spki', format: 'pem' })),
    Buffer.from(signature.signature, 'base64'),
  );
  const selfSigned = certificate.issuer === certificate.subject && certificate.verify(certificate.publicKey);
  return { valid, signer: certificate.subject, selfSigned };
};
