import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { PDFDocument } from 'pdf-lib';
import { CmsSigner } from './cms-signer.js';
import { describeCertificate, openSigningIdentity, type SigningCertificate } from '../../../shared/signing/signing-certificate.js';
import type { SigningIdentity } from '../../../shared/signing/p12-identity.js';

/** The PKCS#7 signature Adobe readers and poppler verify; made with SHA-256 over the whole file but its own hex. */
const SUBFILTER = 'adbe.pkcs7.detached';
/** Bytes reserved for the signature: room for a certificate chain of a few RSA-4096 certificates. */
const SIGNATURE_BYTES = 16_384;
const REASON = 'Searchable copy of the document as received, made by Kontor';

export interface PdfSigner {
  certificate: SigningCertificate;
  /** The PDF with an invisible signature field whose signature covers every byte of the file but itself. */
  sign(pdf: Buffer, signedAt: Date): Promise<Buffer>;
}

/** A signer for one identity, checked once here so a wrong passphrase shows at start, not per document. */
export const createPdfSigner = (identity: SigningIdentity): PdfSigner => {
  const opened = openSigningIdentity(identity);
  const certificate = describeCertificate(opened.certificate);
  const cmsSigner = new CmsSigner(opened);
  const signPdf = new SignPdf();
  return {
    certificate,
    async sign(pdf, signedAt) {
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      pdflibAddPlaceholder({
        pdfDoc: doc,
        reason: REASON,
        contactInfo: '',
        name: certificate.commonName,
        location: '',
        signingTime: signedAt,
        signatureLength: SIGNATURE_BYTES,
        subFilter: SUBFILTER,
        appName: 'Kontor',
      });
      // Without object streams every object, the signature dictionary too, stays findable in the bytes.
      const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
      return signPdf.sign(prepared, cmsSigner, signedAt);
    },
  };
};
