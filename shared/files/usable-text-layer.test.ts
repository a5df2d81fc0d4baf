import { expect } from 'chai';
import { isUsableTextLayer } from './usable-text-layer.js';

describe('usable PDF text layers', () => {
  it('trusts a text layer only with real text: not a stray page number, not unmapped glyphs', () => {
    expect(isUsableTextLayer('')).to.equal(false);
    expect(isUsableTextLayer('Seite 1 von 2')).to.equal(false);
    expect(isUsableTextLayer('\uFFFD'.repeat(30) + ' Rechnung')).to.equal(false);
    expect(isUsableTextLayer('Rechnung Nr. 4711 vom 12.03.2026')).to.equal(true);
  });
});
