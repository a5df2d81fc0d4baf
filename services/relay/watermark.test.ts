import { expect } from 'chai';
import { Watermark } from './watermark.js';

describe('Watermark', () => {
  it('given positions acknowledged out of order, then it only covers the gap-free prefix', () => {
    const watermark = new Watermark(10);
    [11, 12, 13].forEach((position) => watermark.track(position));

    expect(watermark.acknowledge(12)).to.equal(false);
    expect(watermark.value).to.equal(10);
    expect(watermark.acknowledge(11)).to.equal(true);
    expect(watermark.value).to.equal(12);
    expect(watermark.inFlight).to.equal(1);
    watermark.acknowledge(13);
    expect(watermark.value).to.equal(13);
    expect(watermark.inFlight).to.equal(0);
  });
});
