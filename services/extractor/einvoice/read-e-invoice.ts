import type { Element } from '@xmldom/xmldom';
import { buildReading, type EInvoiceReading } from './build-reading.js';
import { CROSS_INDUSTRY_INVOICE, ZUGFERD_1 } from './cii-dialects.js';
import { readCii } from './cii-reader.js';
import type { EInvoiceFields } from './einvoice-fields.js';
import { readUbl, UBL_CREDIT_NOTE_NAMESPACE, UBL_INVOICE_NAMESPACE } from './ubl-reader.js';
import { parseXml } from './xml-query.js';

export type { EInvoiceReading } from './build-reading.js';

/**
 * The syntax is told by the root element and its namespace, never by a file name. Anything else is not
 * read: FatturaPA (`FatturaElettronica`, Italy's own format), the pre-release ZUGFeRD drafts (`Invoice` in
 * `…:CBFBUY:5`), UBL documents other than Invoice and CreditNote.
 */
const readFields = (root: Element): EInvoiceFields | null => {
  const dialect = [CROSS_INDUSTRY_INVOICE, ZUGFERD_1].find(
    (candidate) => root.localName === candidate.rootName && root.namespaceURI === candidate.namespaces.rsm,
  );
  if (dialect) return readCii(root, dialect);
  const isUbl =
    (root.localName === 'Invoice' && root.namespaceURI === UBL_INVOICE_NAMESPACE) ||
    (root.localName === 'CreditNote' && root.namespaceURI === UBL_CREDIT_NOTE_NAMESPACE);
  return isUbl ? readUbl(root) : null;
};

/**
 * What an e-invoice says: UN/CEFACT CII (ZUGFeRD 2.x, Factur-X, XRechnung CII), ZUGFeRD 1.0 and UBL
 * Invoice or CreditNote (XRechnung UBL). Null for XML of any other kind and for text that is not XML.
 */
export const readEInvoice = (xml: Buffer | string): EInvoiceReading | null => {
  const root = parseXml(xml)?.documentElement;
  const fields = root ? readFields(root) : null;
  return fields ? buildReading(fields) : null;
};
