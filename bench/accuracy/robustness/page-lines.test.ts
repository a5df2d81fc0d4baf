import { expect } from 'chai';
import { normalized, printsIn, runsOf, type Word } from './page-lines.js';

const word = (text: string, left: number, top: number, width = 0.05, height = 0.012): Word => ({
  text,
  box: [left, top, left + width, top + height],
  confidence: 0.9,
});
const texts = (runs: Word[][]) => runs.map((run) => run.map((w) => w.text).join(' '));

describe('page lines: a page’s words as runs of text', () => {
  it('compares values by their letters and digits, accents and case aside', () => {
    expect(normalized('Säntis Sàrl, 3a')).to.equal('santissarl3a');
  });

  it('sets words of one row left to right in one run, rows top down', () => {
    const runs = runsOf([word('AG', 0.16, 0.1), word('Muster', 0.1, 0.101), word('Bahnhofstrasse', 0.1, 0.12, 0.1)]);
    expect(texts(runs)).to.deep.equal(['Muster AG', 'Bahnhofstrasse']);
  });

  it('cuts a row where a wide gap separates two columns', () => {
    const runs = runsOf([word('Muster', 0.1, 0.1), word('AG', 0.16, 0.1), word('Kunde', 0.6, 0.1), word('GmbH', 0.66, 0.1)]);
    expect(texts(runs)).to.deep.equal(['Muster AG', 'Kunde GmbH']);
  });

  it('finds each print of a value as the words of a run that spell it', () => {
    const runs = runsOf([word('Re:', 0.04, 0.1), word('Muster', 0.1, 0.1), word('AG', 0.16, 0.1), word('Muster-AG', 0.1, 0.9, 0.1)]);
    expect(printsIn(runs, 'Muster AG').map((print) => print.map((w) => w.text))).to.deep.equal([['Muster', 'AG'], ['Muster-AG']]);
  });

  it('finds no print where OCR misread the value', () => {
    expect(printsIn(runsOf([word('Muster', 0.1, 0.1), word('A6', 0.16, 0.1)]), 'Muster AG')).to.deep.equal([]);
  });
});
