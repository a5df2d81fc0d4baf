import { expect } from 'chai';
import { sniffMimeType } from './sniff-mime-type.js';

describe('sniffing a file type from its bytes', () => {
  it('given a PDF, then application/pdf whatever it is called', async () => {
    expect(await sniffMimeType(Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n', 'latin1'))).to.equal('application/pdf');
  });

  it('given e-invoice XML, with or without a declaration or BOM, then application/xml', async () => {
    expect(await sniffMimeType(Buffer.from('<?xml version="1.0"?><Invoice/>'))).to.equal('application/xml');
    expect(await sniffMimeType(Buffer.from('\uFEFF<rsm:CrossIndustryInvoice xmlns:rsm="urn:x">'))).to.equal('application/xml');
  });

  it('given an HTML page (a login page instead of a file, say), then text/html, not XML', async () => {
    expect(await sniffMimeType(Buffer.from('<!DOCTYPE html><html><body>Sign in</body></html>'))).to.equal('text/html');
    expect(await sniffMimeType(Buffer.from('<html lang="en">'))).to.equal('text/html');
  });

  it('given plain text, then unknown', async () => {
    expect(await sniffMimeType(Buffer.from('just some words'))).to.equal(null);
  });
});
