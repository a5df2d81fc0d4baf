import { expect } from 'chai';
import { correctMisreads } from './ocr-misreads.js';

describe('extractor: words OCR is known to misread', () => {
  it('reads the question mark after a unit of length as the square it was printed as', () => {
    expect(['mm?', 'g/m?', 'm?', '3x1.5mm?', '(m?)'].map(correctMisreads)).to.deep.equal(['mm²', 'g/m²', 'm²', '3x1.5mm²', '(m²)']);
  });

  it('reads the sharp s of "Straße" that came back as B or fi', () => {
    expect(['StraBe', 'Hauptstrafie', 'Mariahilfer', 'Bahnhofstrasse', 'Straßen'].map(correctMisreads)).to.deep.equal([
      'Straße',
      'Hauptstraße',
      'Mariahilfer',
      'Bahnhofstrasse',
      'Straßen',
    ]);
  });

  it('leaves real questions and other words alone', () => {
    expect(['Ihm?', 'warum?', 'Kilogramm?', '?', 'Strabane'].map(correctMisreads)).to.deep.equal([
      'Ihm?',
      'warum?',
      'Kilogramm?',
      '?',
      'Strabane',
    ]);
  });
});
