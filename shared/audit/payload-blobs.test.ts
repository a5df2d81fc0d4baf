import { expect } from 'chai';
import { payloadBlobs, withBlobLinks } from './payload-blobs.js';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

describe('blob references in payloads', () => {
  const payload = {
    pages: [
      { image: { blob: { hash: HASH_A, size: 10 }, fileName: 'page-1.png', mimeType: 'image/png' }, words: { hash: HASH_B, size: 3 } },
      { image: { blob: { hash: HASH_A, size: 10 }, fileName: 'page-1.png', mimeType: 'image/png' } },
    ],
  };

  it('finds every referenced blob once, with the name and type of the file around it', () => {
    expect(payloadBlobs(payload)).to.deep.equal([
      { hash: HASH_A, size: 10, fileName: 'page-1.png', mimeType: 'image/png' },
      { hash: HASH_B, size: 3, fileName: null, mimeType: null },
    ]);
  });

  it('puts a link beside every reference and leaves the rest of the payload as it was', () => {
    const linked = withBlobLinks(payload, (hash) => `https://kontor.test/blobs/${hash}`) as typeof payload;

    expect(linked.pages[0]!.image).to.deep.equal({
      blob: { hash: HASH_A, size: 10, url: `https://kontor.test/blobs/${HASH_A}` },
      fileName: 'page-1.png',
      mimeType: 'image/png',
    });
    expect(linked.pages[0]!.words).to.deep.equal({ hash: HASH_B, size: 3, url: `https://kontor.test/blobs/${HASH_B}` });
    expect(payload.pages[0]!.words).to.not.have.property('url');
  });
});
