import { createHash, createPrivateKey, sign } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import forge from 'node-forge';
import type { OpenedSigningIdentity } from '../../../shared/signing/signing-certificate.js';

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
};

const universal = (type: number, value: string | Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, type, Array.isArray(value), value);
const sequence = (...items: Asn1[]) => universal(asn1.Type.SEQUENCE, items);
const set = (...items: Asn1[]) => universal(asn1.Type.SET, items);
const oid = (id: string) => universal(asn1.Type.OID, asn1.oidToDer(id).getBytes());
const version1 = () => universal(asn1.Type.INTEGER, asn1.integerToDer(1).getBytes());
const algorithm = (id: string) => sequence(oid(id), universal(asn1.Type.NULL, ''));
const attribute = (type: string, value: Asn1) => sequence(oid(type), set(value));
const derBytes = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');

/** RFC 5652 wants the signing time as UTCTime up to 2049, GeneralizedTime after. */
const signingTimeValue = (at: Date) =>
  at.getUTCFullYear() < 2050
    ? universal(asn1.Type.UTCTIME, asn1.dateToUtcTime(at))
    : universal(asn1.Type.GENERALIZEDTIME, asn1.dateToGeneralizedTime(at));

/**
 * A detached CMS (PKCS#7) SignedData over the bytes @signpdf hands it, as `adbe.pkcs7.detached` wants:
 * SHA-256, RSA PKCS#1 v1.5, signed attributes content type, signing time and message digest (in DER
 * order), and every certificate of the identity. Made once per identity, not per signature; hashing and
 * the RSA signature are Node's (OpenSSL), forge only lays out the ASN.1 around them.
 */
export class CmsSigner extends Signer {
  private readonly key;
  private readonly certificates: Asn1[];
  private readonly issuerAndSerialNumber: Asn1;

  constructor({ key, certificate, certificates }: OpenedSigningIdentity) {
    super();
    this.key = createPrivateKey(forge.pki.privateKeyToPem(key));
    this.certificates = certificates.map((each) => forge.pki.certificateToAsn1(each));
    // The issuer and serial number exactly as the certificate encodes them (TBSCertificate: [0] version, serial, algorithm, issuer).
    const tbs = (forge.pki.certificateToAsn1(certificate).value as Asn1[])[0]!.value as Asn1[];
    const [serialNumber, , issuer] = tbs.slice(1);
    this.issuerAndSerialNumber = sequence(issuer!, serialNumber!);
  }

  override async sign(pdf: Buffer, signingTime: Date = new Date()): Promise<Buffer> {
    const signedAttributes = [
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.signingTime, signingTimeValue(signingTime)),
      attribute(OID.messageDigest, universal(asn1.Type.OCTETSTRING, createHash('sha256').update(pdf).digest('binary'))),
    ];
    // The signature covers the attributes encoded as a SET; the SignerInfo carries them as [0] IMPLICIT.
    const signature = sign('sha256', derBytes(set(...signedAttributes)), this.key);
    const signerInfo = sequence(
      version1(),
      this.issuerAndSerialNumber,
      algorithm(OID.sha256),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, signedAttributes),
      algorithm(OID.rsaEncryption),
      universal(asn1.Type.OCTETSTRING, signature.toString('binary')),
    );
    const signedData = sequence(
      version1(),
      set(algorithm(OID.sha256)),
      sequence(oid(OID.data)),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, this.certificates),
      set(signerInfo),
    );
    return derBytes(sequence(oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])));
  }
}
