import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { domainNamesIn } from './domain-names.js';

const domainsOf = (text: string): string[] => domainNamesIn(toDocumentText([{ pageNumber: 1, text }]));

describe('extractor: the names of the web and mail domains a document prints', () => {
  it('gives the host names of mail and web addresses, folded, without their ending and "www"', () => {
    expect(domainsOf('billing@rhein-sarl.ch | www.rhein.ch\nfactuur@ashdown.co.uk')).to.deep.equal(['rheinsarl', 'rhein', 'ashdown']);
    expect(domainsOf('WWW.SAENTIS.CH')).to.deep.equal(['saentis']);
  });

  it('reads a mail address whose "@" OCR read apart from its words, as "©" or as an "a" between spaces', () => {
    expect(domainsOf('Tel. +49 421 000 00 | office @ weser.de')).to.deep.equal(['weser']);
    expect(domainsOf('factuur@ ashdown.co.uk')).to.deep.equal(['ashdown']);
    expect(domainsOf('info © elbtal.de')).to.deep.equal(['elbtal']);
    expect(domainsOf('billing a sntis. ch')).to.deep.equal(['sntis']);
  });

  it('reads a host whose ending OCR read after a space, or misread without its dot after a glued "@"', () => {
    expect(domainsOf('billing@sntis. ch')).to.deep.equal(['sntis']);
    expect(domainsOf('info@polderkracht nt')).to.deep.equal(['polderkracht']);
  });

  it('reads no address in a sentence\'s "a", a price\'s "@" or a sentence\'s dot before a word', () => {
    expect(domainsOf('Il a reçu la marchandise. Merci')).to.deep.equal([]);
    expect(domainsOf('pagamento a vista. Grazie')).to.deep.equal([]);
    expect(domainsOf('Papier 2 @ 1250 | VAT @ 20%')).to.deep.equal([]);
    expect(domainsOf('Payable @ Zurich office')).to.deep.equal([]);
    expect(domainsOf('www.weser.de. Vielen Dank')).to.deep.equal(['weser']);
  });
});
