import { expect } from 'chai';
import { TenantFairQueue } from './tenant-fair-queue.js';

const drain = <T>(queue: TenantFairQueue<T>): T[] => {
  const items: T[] = [];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) items.push(item);
  return items;
};

describe('tenant-fair queue', () => {
  it('given a burst of one tenant and then one item of another, serves the other on its first turn', () => {
    const queue = new TenantFairQueue<string>();
    for (let n = 1; n <= 5; n++) queue.push('a', n, `a${n}`);
    queue.push('b', 99, 'b1');

    expect(drain(queue)).to.deep.equal(['a1', 'b1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('within a tenant, serves the lowest rank first and equal ranks in arrival order', () => {
    const queue = new TenantFairQueue<string>();
    queue.push('a', 3, 'third');
    queue.push('a', 1, 'first');
    queue.push('a', 3, 'third again');
    queue.push('a', 2, 'second');

    expect(drain(queue)).to.deep.equal(['first', 'second', 'third', 'third again']);
    expect(queue.size).to.equal(0);
  });

  it('given a tenant excluded, serves the next tenant in turn that is not, and leaves the excluded one its turn', () => {
    const queue = new TenantFairQueue<string>();
    queue.push('a', 1, 'a1');
    queue.push('b', 1, 'b1');
    queue.push('c', 1, 'c1');

    expect(queue.shiftOf((tenant) => tenant !== 'a')).to.equal('b1');
    expect(queue.shiftOf((tenant) => tenant === 'z')).to.equal(undefined);
    expect(drain(queue)).to.deep.equal(['a1', 'c1']);
  });
});
