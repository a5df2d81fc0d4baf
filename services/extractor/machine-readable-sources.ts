import type { DocumentState } from '../../shared/document/document-state.js';
import { storedFiles } from '../../shared/document/document-queries.js';
import { storedFileBytes } from '../../shared/files/stored-file-bytes.js';
import type { Logger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import { createEmbeddedXmlSearches, findEmbeddedInvoiceXml, type EmbeddedXmlSearches } from './einvoice/embedded-invoice-xml.js';
import { readEInvoice, type EInvoiceReading } from './einvoice/read-e-invoice.js';
import type { QrBillInput, RecognizedPageText, SwissPaymentsInput } from './fields/extraction-input.js';
import { parseEsrCodingLine } from './swiss-payments/esr-coding-line.js';
import { parseSwissQrPayload } from './swiss-payments/parse-swiss-qr-payload.js';
import { paymentPartsIn } from './swiss-payments/payment-part-titles.js';
import { toEsFields } from './swiss-payments/qr-bill-fields.js';
import type { QrSearches } from './swiss-payments/qr-searches.js';
import { searchablePage } from './swiss-payments/searchable-page.js';
import type { SourcePdfPages } from '../converter/index.js';

const XML_TYPES = new Set(['application/xml', 'text/xml']);

/**
 * The document's e-invoice, if it has one: an XML file submitted as such, or the XML attached to a
 * ZUGFeRD / Factur-X PDF (taken over from `xmlSearches` when it was looked for ahead). The first source (in
 * request order) that holds one wins.
 */
export const readDocumentEInvoice = async (
  state: DocumentState,
  blobs: BlobStore,
  logger: Logger,
  xmlSearches: EmbeddedXmlSearches = createEmbeddedXmlSearches(),
): Promise<EInvoiceReading | null> => {
  for (const { index, file } of storedFiles(state)) {
    const isXml = XML_TYPES.has(file.mimeType);
    if (!isXml && file.mimeType !== 'application/pdf') continue;
    const bytes = () => storedFileBytes(blobs, file, `source file ${index}`);
    const xml = isXml ? await bytes() : await xmlSearches.take(file.blob.hash, async () => findEmbeddedInvoiceXml(await bytes()));
    if (!xml) continue;
    const reading = readEInvoice(xml);
    if (reading) return reading;
    logger.info({ source_index: index }, 'XML is no e-invoice this extractor reads; the text is used');
  }
  return null;
};

/**
 * The Swiss payment slips on the pages: every QR-bill decoded from the pages (their rasters, or drawn
 * from their PDFs; as many as the page has payment parts, by `qrSearches`), and the first orange slip's
 * coding line found in the text. A page that shows only text holds no QR code to look for.
 */
export const readSwissPayments = async (
  state: DocumentState,
  pages: readonly RecognizedPageText[],
  blobs: BlobStore,
  logger: Logger,
  qrSearches: QrSearches,
  sourcePages: SourcePdfPages,
): Promise<SwissPaymentsInput> => {
  const qrBills: QrBillInput[] = [];
  const textOf = new Map(pages.map((page) => [page.pageNumber, page.text]));
  const sourceFiles = new Map(storedFiles(state).map(({ index, file }) => [index, file]));
  for (const page of state.conversion?.pages ?? []) {
    const searchable = searchablePage(page, { blobs, sourceFiles, sourcePages });
    if (!searchable) continue;
    const expectedBills = Math.max(1, paymentPartsIn(textOf.get(page.pageNumber) ?? ''));
    // A QR code is extra evidence: a page it cannot be read from leaves the text to speak.
    const payloads = await qrSearches.codesOf(searchable, expectedBills).catch((error: unknown) => {
      logger.warn({ err: error, page: page.pageNumber }, 'QR codes could not be looked for on this page');
      return [];
    });
    for (const payload of payloads) {
      if (!payload.startsWith('SPC')) continue;
      const parsed = parseSwissQrPayload(payload);
      if (parsed.valid) qrBills.push({ page: page.pageNumber, ...toEsFields(parsed.bill) });
      else logger.warn({ page: page.pageNumber, reason: parsed.reason }, 'a Swiss QR code that is no valid QR-bill was ignored');
    }
  }
  const withEsr = pages.map((page) => ({ page: page.pageNumber, esr: parseEsrCodingLine(page.text) })).find((found) => found.esr !== null);
  return { qrBills, esr: withEsr ? { page: withEsr.page, esr: withEsr.esr! } : null };
};
