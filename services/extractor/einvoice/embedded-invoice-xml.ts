import { getDocument } from '../../../shared/files/pdfjs.js';
import { createWorkAhead, type WorkAhead } from '../work-ahead.js';
import { readEInvoice } from './read-e-invoice.js';

interface Attachment {
  name: string;
  content: Buffer;
}

// The names the standards give the invoice file, newest first, so a PDF carrying a ZUGFeRD 1.0 and a
// Factur-X invoice side by side is read from the Factur-X one. ZUGFeRD 1.0 (`ZUGFeRD-invoice.xml`) and
// 2.0 (`zugferd-invoice.xml`) differ in case only.
const STANDARD_NAMES = ['factur-x.xml', 'xrechnung.xml', 'zugferd-invoice.xml'];

const rank = (attachment: Attachment): number => {
  const index = STANDARD_NAMES.indexOf(attachment.name.toLowerCase());
  return index === -1 ? STANDARD_NAMES.length : index;
};

/** The embedded files of a PDF; null when pdf.js cannot open it (not a PDF, damaged, encrypted). */
const readAttachments = async (pdf: Buffer): Promise<Attachment[] | null> => {
  // pdf.js takes ownership of (detaches) the buffer it is given, so it gets a copy.
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false, disableFontFace: true });
  try {
    const document = await task.promise;
    const attachments = ((await document.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
    return Object.values(attachments).map(({ filename, content }) => ({ name: filename, content: Buffer.from(content) }));
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
};

/**
 * The e-invoice XML embedded in a hybrid PDF (PDF/A-3 with ZUGFeRD, Factur-X or XRechnung): the file
 * under a standard name first, else any attached XML that is an e-invoice. Null when there is none.
 */
export const findEmbeddedInvoiceXml = async (pdf: Buffer): Promise<Buffer | null> => {
  const attachments = await readAttachments(pdf);
  const candidates = (attachments ?? [])
    .filter((attachment) => attachment.name.toLowerCase().endsWith('.xml'))
    .sort((a, b) => rank(a) - rank(b));
  return candidates.find((candidate) => readEInvoice(candidate.content) !== null)?.content ?? null;
};

/** Searches kept until the extraction takes them: a few documents' files. */
const KEPT_SEARCHES = 16;

/**
 * `findEmbeddedInvoiceXml` of stored PDFs, by their blob's hash, begun ahead of the extraction (by the read-ahead,
 * while the PDF is converted): pdf.js parses the file on the event loop's thread, which is busier once the
 * extraction runs.
 */
export const createEmbeddedXmlSearches = (): EmbeddedXmlSearches => createWorkAhead<Buffer | null>(KEPT_SEARCHES);
export type EmbeddedXmlSearches = WorkAhead<Buffer | null>;
