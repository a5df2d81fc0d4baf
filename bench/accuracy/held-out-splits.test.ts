import { expect } from 'chai';
import { isHeldOutSplit, printsDocumentMisses } from './held-out-splits.js';

describe('bench: held-out splits', () => {
  it('given a held-out half of a source, when asked, then it is held out', () => {
    expect(isHeldOutSplit('zugferd-printed-held-out')).to.equal(true);
    expect(isHeldOutSplit('odoo-models-held-out')).to.equal(true);
    expect(isHeldOutSplit('sroie-held-out')).to.equal(true);
  });

  it('given a tuning half or a source without halves, when asked, then it is not held out', () => {
    expect(isHeldOutSplit('zugferd-printed-tuning')).to.equal(false);
    expect(isHeldOutSplit('independent-born-digital')).to.equal(false);
  });

  it('given --verbose, when a held-out half runs beside its tuning half, then only the tuning half prints its misses', () => {
    expect(printsDocumentMisses('zugferd-printed-tuning', true)).to.equal(true);
    expect(printsDocumentMisses('zugferd-printed-held-out', true)).to.equal(false);
  });

  it('given no --verbose, when any corpus runs, then no misses are printed', () => {
    expect(printsDocumentMisses('zugferd-printed-tuning', false)).to.equal(false);
  });
});
