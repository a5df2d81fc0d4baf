import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { decodeBase64File } from './base64-file.js';

describe('decodeBase64File', () => {
  it('decodes padded base64, with or without a data URL header and line breaks', () => {
    expect(decodeBase64File('aGVsbG8=')?.toString()).to.equal('hello');
    expect(decodeBase64File('aGVs\r\nbG8g\nd29y bGQ=')?.toString()).to.equal('hello world');
    expect(decodeBase64File('data:application/pdf;name=a.pdf;base64,aGk=')?.toString()).to.equal('hi');
  });

  for (const [what, value] of [
    ['an empty string', ''],
    ['whitespace only', ' \n '],
    ['a character outside the alphabet', 'aGVsbG8!'],
    ['unpadded base64 (not a multiple of four)', 'aGVsbG8'],
    ['padding in the middle', 'aG=sbG8='],
    ['three padding characters', 'aGVsb==='],
    ['a malformed data URL header', 'data:nothing,aGk='],
    ['a data URL without base64', 'data:text/plain,hello'],
  ]) {
    it(`refuses ${what}`, () => expect(decodeBase64File(value!)).to.equal(null));
  }

  it('checks a 16 MB base64 file (12 MB) in linear time without exhausting the stack', () => {
    const payload = randomBytes(12 * 1024 * 1024).toString('base64');
    const started = performance.now();
    expect(decodeBase64File(payload)?.length).to.equal(12 * 1024 * 1024);
    expect(decodeBase64File(`${payload.slice(0, -1)}!`)).to.equal(null);
    expect(performance.now() - started).to.be.below(5_000);
  });
});
