import { expect } from 'chai';
import { normalizeForFuzzy } from './evaluate-query.js';

/** normalizeForFuzzy's definition, step by step, as regular expressions. */
const byDefinition = (text: string): string =>
  text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/([aou])e/g, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A deterministic stream of strings drawn from `alphabet` (a linear congruential generator, so failures repeat). */
const strings = (alphabet: string, count: number, seed = 7): string[] => {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: count }, () => Array.from({ length: next() % 24 }, () => alphabet[next() % alphabet.length]).join(''));
};

describe('normalizeForFuzzy', () => {
  it('reads Müller, Mueller and MULLER alike, and runs of anything but letters and digits as one space', () => {
    expect(['Müller', 'Mueller', ' MULLER ', 'Muller'].map(normalizeForFuzzy)).to.deep.equal(['muller', 'muller', 'muller', 'muller']);
    expect(normalizeForFuzzy('  Straße 12 -- Zürich/Oerlikon! ')).to.equal('strasse 12 zurich orlikon');
    expect(normalizeForFuzzy('UE-ue aee oue')).to.equal('u u ae ou');
  });

  it('gives what its definition gives for any ASCII text (normalized in one pass)', () => {
    for (const text of strings('aAeEoOuUzZ09 -_.\t\n/\u0000\u007f', 5000))
      expect(normalizeForFuzzy(text), JSON.stringify(text)).to.equal(byDefinition(text));
  });

  it('gives what its definition gives for text beyond ASCII', () => {
    for (const text of strings('aeouAEOUüÜßéÆøŁ1 -\u0301\u212a', 5000))
      expect(normalizeForFuzzy(text), JSON.stringify(text)).to.equal(byDefinition(text));
  });
});
