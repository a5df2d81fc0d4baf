import { expect } from 'chai';
import { median } from './median.js';

describe('median', () => {
  it('given an odd count, then the middle value, whatever the order', () => {
    expect(median([9, 1, 5])).to.equal(5);
  });

  it('given an even count, then the upper of the two middle values, a value that occurs', () => {
    expect(median([4, 1, 3, 2])).to.equal(3);
  });

  it('given no values, then 0', () => {
    expect(median([])).to.equal(0);
  });
});
