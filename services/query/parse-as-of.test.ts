import { expect } from 'chai';
import { parseAsOf } from './parse-as-of.js';

describe('parseAsOf', () => {
  it('reads a whole number as a stream revision', () => {
    expect(parseAsOf('0')).to.deep.equal({ revision: 0 });
    expect(parseAsOf('12')).to.deep.equal({ revision: 12 });
  });

  it('reads a timestamp with time zone as that instant in UTC', () => {
    expect(parseAsOf('2026-03-12T11:00:00+01:00')).to.deep.equal({ time: '2026-03-12T10:00:00.000Z' });
  });

  it('refuses anything else with 400 invalid_as_of naming the parameter', () => {
    for (const bad of ['', '-1', '1.5', 'yesterday', '2026-03-12', '2026-03-12T10:00:00', ['1', '2']]) {
      expect(() => parseAsOf(bad), JSON.stringify(bad))
        .to.throw()
        .with.property('code', 'invalid_as_of');
    }
  });
});
