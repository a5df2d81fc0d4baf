import { expect } from 'chai';
import { createQrSearches, type SearchablePage } from './qr-searches.js';

describe('extractor: QR searches of pages begun ahead of time', () => {
  let searched: number[];
  const page = (key: string): SearchablePage => ({
    key,
    search: async (expectedBills) => {
      searched.push(expectedBills);
      return [];
    },
  });
  beforeEach(() => (searched = []));

  it('given a search begun, when the page’s codes are asked for, then the page is not searched again', async () => {
    const searches = createQrSearches();

    searches.begin(page('page-1'), 1);
    const codes = await searches.codesOf(page('page-1'), 1);

    expect({ codes, searched }).to.deep.equal({ codes: [], searched: [1] });
  });

  it('given a search taken over, when the same page is asked for again (another document of the same bytes), then it is searched again', async () => {
    const searches = createQrSearches();

    searches.begin(page('page-1'), 1);
    await searches.codesOf(page('page-1'), 1);
    await searches.codesOf(page('page-1'), 1);

    expect(searched).to.deep.equal([1, 1]);
  });

  it('given a search begun for one bill, when the page turns out to hold two payment parts, then it is searched for two', async () => {
    const searches = createQrSearches();

    searches.begin(page('page-1'), 1);
    await searches.codesOf(page('page-1'), 2);

    expect(searched).to.deep.equal([1, 2]);
  });

  it('given a begun search that failed, when the page’s codes are asked for, then it is searched again', async () => {
    const searches = createQrSearches();
    searches.begin({ key: 'page-1', search: () => Promise.reject(new Error('blob store down')) }, 1);
    await new Promise((resolve) => setImmediate(resolve));

    const codes = await searches.codesOf(page('page-1'), 1);

    expect({ codes, searched }).to.deep.equal({ codes: [], searched: [1] });
  });

  it('given more searches begun than are kept, when the first is asked for, then it is searched again', async () => {
    const searches = createQrSearches({ kept: 2 });

    for (const key of ['page-1', 'page-2', 'page-3']) searches.begin(page(key), 1);
    await searches.codesOf(page('page-1'), 1);

    expect(searched).to.have.length(4);
  });
});
