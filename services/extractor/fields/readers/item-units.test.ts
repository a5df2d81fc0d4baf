import { expect } from 'chai';
import { unitAsPrinted } from './item-units.js';

describe('extractor: item units OCR misread', () => {
  it('keeps a known unit as read', () => {
    for (const unit of ['pcs', 'pce', 'Stk.', 'Std.', 'h', 'kg', 'forfait', 'pz', 'each']) expect(unitAsPrinted(unit)).to.equal(unit);
  });

  it('sets right a unit read with one letter misread, where one known unit is so', () => {
    expect(unitAsPrinted('pes')).to.equal('pcs');
    expect(unitAsPrinted('pee')).to.equal('pce');
    expect(unitAsPrinted('Stk,')).to.equal('Stk.');
  });

  it('sets right a unit read with one letter dropped', () => {
    expect(unitAsPrinted('Sd.')).to.equal('Std.');
  });

  it('drops a mark a scan put before the unit', () => {
    expect(unitAsPrinted("'pes")).to.equal('pcs');
  });

  it('gives back the accents OCR dropped from a unit, from the document’s languages', () => {
    expect(unitAsPrinted('Unites', ['fr'])).to.equal('Unités');
    expect(unitAsPrinted('Heures', ['fr'])).to.equal('Heures');
    expect(unitAsPrinted('Unites')).to.equal('Unites');
  });

  it('leaves units it cannot tell, short ones and ones it does not know', () => {
    expect(unitAsPrinted('ps')).to.equal('ps');
    expect(unitAsPrinted('DZ')).to.equal('DZ');
    expect(unitAsPrinted('Rollen')).to.equal('Rollen');
    expect(unitAsPrinted('Fass')).to.equal('Fass');
    // One letter off, but not one OCR reads for the other.
    expect(unitAsPrinted('Pkt.')).to.equal('Pkt.');
    expect(unitAsPrinted('Pkz.')).to.equal('Pkz.');
    expect(unitAsPrinted('Tage')).to.equal('Tage');
    expect(unitAsPrinted('paqe')).to.equal('paqe');
    expect(unitAsPrinted('pee 230')).to.equal('pee 230');
  });
});
