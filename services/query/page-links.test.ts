import { expect } from 'chai';
import { pageLinks } from './page-links.js';

describe('query: pagination links', () => {
  const base = 'http://api.test/v1/acme/documents';

  it('given page 2 of 3, then every link keeps the filters and points at the right page', () => {
    const links = pageLinks(base, '/v1/acme/documents?filter%5Bstatus%5D=done&page%5Bnumber%5D=2', { number: 2, size: 10 }, 3);

    expect(links.self).to.equal(`${base}?filter%5Bstatus%5D=done&page%5Bnumber%5D=2&page%5Bsize%5D=10`);
    expect(links.first).to.contain('page%5Bnumber%5D=1');
    expect(links.prev).to.contain('page%5Bnumber%5D=1');
    expect(links.next).to.contain('page%5Bnumber%5D=3');
    expect(links.last).to.contain('page%5Bnumber%5D=3');
  });

  it('given the only page, then there is neither prev nor next', () => {
    const links = pageLinks(base, '/v1/acme/documents', { number: 1, size: 25 }, 1);

    expect(links.prev).to.equal(null);
    expect(links.next).to.equal(null);
  });
});
