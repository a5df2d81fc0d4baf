import { expect } from 'chai';
import { allMatches } from './all-matches.js';

const asMatchAll = (text: string, pattern: RegExp) =>
  [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))].map((match) => [
    match.index,
    match[0],
    match.groups,
  ]);
const found = (text: string, pattern: RegExp) => allMatches(text, pattern).map((match) => [match.index, match[0], match.groups]);

describe('all matches', () => {
  const cases: Array<[string, RegExp]> = [
    ['Rechnung Nr. 42, rechnungsdatum 1.2.2026, RECHNUNG', /(?<![\p{L}\d])rechnung(?![\p{L}\d])/iu],
    ['12.03.2026 and 4.5.2027', /(?<day>\d{1,2})\.(?<month>\d{1,2})\.(?<year>\d{4})/u],
    ['a😀b', /x*/u],
    ['aaa', /a*?/g],
    ['', /x*/],
  ];
  for (const [text, pattern] of cases) {
    it(`given ${JSON.stringify(text)} and ${pattern}, then the matches are those matchAll finds, indices and groups alike`, () => {
      expect(found(text, pattern)).to.deep.equal(asMatchAll(text, pattern));
    });
  }

  it('given the same pattern searched twice, then the second search starts from the beginning again', () => {
    const pattern = /\d+/;
    expect(allMatches('1 22', pattern).map((match) => match[0])).to.deep.equal(['1', '22']);
    expect(allMatches('333', pattern).map((match) => match[0])).to.deep.equal(['333']);
  });

  it('given flags, then the pattern is searched with those flags, as new RegExp(pattern, flags) would be', () => {
    expect(allMatches('Nr nr NR', /nr/, 'giu').map((match) => match.index)).to.deep.equal([0, 3, 6]);
    expect(allMatches('Nr nr NR', /nr/).map((match) => match.index)).to.deep.equal([3]);
  });
});
