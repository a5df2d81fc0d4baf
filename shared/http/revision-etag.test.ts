import { expect } from 'chai';
import { isAppError } from '../errors/app-error.js';
import { revisionETag, revisionFromIfMatch } from './revision-etag.js';

const statusOf = (header: string | undefined) => {
  try {
    revisionFromIfMatch(header);
  } catch (error) {
    return isAppError(error) ? error.status : null;
  }
  return null;
};

describe('revision ETags', () => {
  it('names a revision as a strong tag, and reads it back in the strong or weak form', () => {
    expect(revisionETag(7)).to.equal('"7"');
    expect(revisionFromIfMatch('"7"')).to.equal(7);
    expect(revisionFromIfMatch(' W/"12" ')).to.equal(12);
  });

  it('given no If-Match or a wildcard, then 428; given anything but one tag, then 400', () => {
    expect(statusOf(undefined)).to.equal(428);
    expect(statusOf('')).to.equal(428);
    expect(statusOf('*')).to.equal(428);
    expect(statusOf('7')).to.equal(400);
    expect(statusOf('"7", "8"')).to.equal(400);
  });
});
