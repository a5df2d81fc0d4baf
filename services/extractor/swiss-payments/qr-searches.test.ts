import { expect } from 'chai';
import sharp from 'sharp';
import { createQrSearches } from './qr-searches.js';

const blankPage = () =>
  sharp({ create: { width: 620, height: 877, channels: 3, background: 'white' } })
    .png()
    .toBuffer();

describe('extractor: QR searches of page images begun ahead of time', () => {
  let reads: number;
  const image = async () => {
    reads += 1;
    return blankPage();
  };
  beforeEach(() => (reads = 0));

  it('given a search begun, when the page’s codes are asked for, then the page is not read again', async () => {
    const searches = createQrSearches();

    searches.begin('page-1', image, 1);
    const codes = await searches.codesOf('page-1', image, 1);

    expect({ codes, reads }).to.deep.equal({ codes: [], reads: 1 });
  });

  it('given a search taken over, when the same page is asked for again (another document of the same bytes), then it is searched again', async () => {
    const searches = createQrSearches();

    searches.begin('page-1', image, 1);
    await searches.codesOf('page-1', image, 1);
    await searches.codesOf('page-1', image, 1);

    expect(reads).to.equal(2);
  });

  it('given a search begun for one bill, when the page turns out to hold two payment parts, then it is searched for two', async () => {
    const searches = createQrSearches();

    searches.begin('page-1', image, 1);
    await searches.codesOf('page-1', image, 2);

    expect(reads).to.equal(2);
  });

  it('given a begun search that failed, when the page’s codes are asked for, then it is searched again', async () => {
    const searches = createQrSearches();
    searches.begin('page-1', () => Promise.reject(new Error('blob store down')), 1);
    await new Promise((resolve) => setImmediate(resolve));

    const codes = await searches.codesOf('page-1', image, 1);

    expect({ codes, reads }).to.deep.equal({ codes: [], reads: 1 });
  });

  it('given more searches begun than are kept, when the first is asked for, then it is searched again', async () => {
    const searches = createQrSearches(2);

    for (const key of ['page-1', 'page-2', 'page-3']) searches.begin(key, image, 1);
    await searches.codesOf('page-1', image, 1);

    expect(reads).to.equal(4);
  });

  it('given a page that shows only text, when its codes are asked for, then it has none and is not read', async () => {
    const searches = createQrSearches();

    searches.showsOnlyText('page-1');
    const codes = await searches.codesOf('page-1', image, 1);

    expect({ codes, reads }).to.deep.equal({ codes: [], reads: 0 });
  });

  it('given a page that shows only text, when its codes are asked for twice (an extraction run again), then it is never read', async () => {
    const searches = createQrSearches();

    searches.showsOnlyText('page-1');
    await searches.codesOf('page-1', image, 1);
    const codes = await searches.codesOf('page-1', image, 2);

    expect({ codes, reads }).to.deep.equal({ codes: [], reads: 0 });
  });

  it('given more pages that show only text than are kept, when the first is asked for, then it is searched', async () => {
    const searches = createQrSearches(2);

    for (const key of ['page-1', 'page-2', 'page-3']) searches.showsOnlyText(key);
    await searches.codesOf('page-1', image, 1);

    expect(reads).to.equal(1);
  });
});
