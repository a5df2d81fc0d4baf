import { expect } from 'chai';
import { PDFDocument } from 'pdf-lib';
import { findEmbeddedInvoiceXml } from './embedded-invoice-xml.js';

const cii = (id: string): string =>
  `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ` +
  `xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">` +
  `<rsm:ExchangedDocument><ram:ID>${id}</ram:ID></rsm:ExchangedDocument></rsm:CrossIndustryInvoice>`;
const ZUGFERD_1 =
  '<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12"/>';
const ZUGFERD_DRAFT = '<rsm:Invoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CBFBUY:5"/>';

const pdfWith = async (attachments: Record<string, string>): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  for (const [name, content] of Object.entries(attachments)) {
    await pdf.attach(Buffer.from(content), name, { mimeType: 'text/xml' });
  }
  return Buffer.from(await pdf.save());
};

const found = async (attachments: Record<string, string>): Promise<string | null> =>
  (await findEmbeddedInvoiceXml(await pdfWith(attachments)))?.toString('utf8') ?? null;

describe('findEmbeddedInvoiceXml', () => {
  it('finds the invoice under its standard name among other attachments', async () => {
    expect(await found({ 'Aufmass.xml': '<Aufmass/>', 'factur-x.xml': cii('FX-1') })).to.equal(cii('FX-1'));
    expect(await found({ 'xrechnung.xml': cii('XR-1') })).to.equal(cii('XR-1'));
  });

  it('prefers Factur-X to ZUGFeRD 1.0 when a PDF carries both', async () => {
    expect(await found({ 'ZUGFeRD-invoice.xml': ZUGFERD_1, 'factur-x.xml': cii('FX-2') })).to.equal(cii('FX-2'));
  });

  it('falls back to any attached XML that is an e-invoice', async () => {
    expect(await found({ 'notes.xml': '<notes/>', 'rechnung.xml': cii('R-1') })).to.equal(cii('R-1'));
  });

  it('finds nothing when no attachment is an e-invoice it reads', async () => {
    expect(await found({ 'ZUGFeRD-invoice.xml': ZUGFERD_DRAFT })).to.equal(null);
    expect(await found({ 'factur-x.pdf': cii('not-xml-by-name') })).to.equal(null);
    expect(await found({})).to.equal(null);
  });

  it('finds nothing in what pdf.js cannot open', async () => {
    expect(await findEmbeddedInvoiceXml(Buffer.from('no PDF at all'))).to.equal(null);
    expect(await findEmbeddedInvoiceXml(Buffer.from(cii('bare-xml')))).to.equal(null);
  });
});
