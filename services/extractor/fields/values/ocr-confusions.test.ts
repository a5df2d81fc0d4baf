import { expect } from 'chai';
import { asClasses, classReadings } from './ocr-confusions.js';

describe('extractor: characters OCR confuses', () => {
  it('reads each position of a code as the class it demands', () => {
    expect(asClasses('1T02Z03', ['letter', 'letter', 'digit', 'digit', 'letter', 'digit', 'digit'])).to.equal('IT02Z03');
  });

  it('given letters read where digits are printed, then every digit each may stand for is a reading, asClasses’s first', () => {
    expect(classReadings('ATSS', ['letter', 'letter', 'digit', 'digit'])).to.deep.equal(['AT55', 'AT58', 'AT85', 'AT88']);
    expect(classReadings('AT85', ['letter', 'letter', 'digit', 'digit'])).to.deep.equal(['AT85']);
    expect(classReadings('SS', ['letter', 'any'])).to.deep.equal(['SS']);
  });
});
