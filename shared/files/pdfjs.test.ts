import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { corpusPath } from '../../harness/corpora.js';
import { getDocument } from './pdfjs.js';

const isNative = (fn: unknown) => Function.prototype.toString.call(fn).includes('[native code]');

describe('pdf.js, loaded through shared/files/pdfjs', () => {
  it('reads a PDF and leaves the process its native JSON and Array.prototype.push', async () => {
    const document = await getDocument({
      data: new Uint8Array(await readFile(corpusPath('invoice2data/tests/compare/AmazonWebServices.pdf'))),
      verbosity: 0,
      isEvalSupported: false,
    }).promise;
    const content = await (await document.getPage(1)).getTextContent();
    await document.destroy();

    expect(content.items.length).to.be.greaterThan(0);
    expect([JSON.parse, JSON.stringify, Array.prototype.push].every(isNative)).to.equal(true);
  });

  it('keeps what pdf.js needs and Node 20 lacks', () => {
    expect((Promise as { withResolvers?: unknown }).withResolvers).to.be.a('function');
  });
});
