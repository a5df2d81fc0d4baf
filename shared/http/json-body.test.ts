import { expect } from 'chai';
import { AppError } from '../errors/app-error.js';
import { MAX_JSON_DEPTH, checkJsonBody } from './json-body.js';

const problemOf = (body: Buffer | string): AppError | undefined => {
  try {
    checkJsonBody(Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'));
    return undefined;
  } catch (error) {
    expect(error).to.be.instanceOf(AppError);
    return error as AppError;
  }
};

describe('checkJsonBody', () => {
  it('lets UTF-8 JSON through, escapes, surrogate pairs and brackets inside strings included', () => {
    expect(problemOf('{"a":"Müller \\" [[[ \\\\","b":"\\ud83d\\ude00 😀","c":[1,{"d":null}]}')).to.equal(undefined);
    expect(problemOf(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).to.equal(undefined);
  });

  it('refuses bytes that are not UTF-8 with 400', () => {
    expect(problemOf(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]))).to.include({
      status: 400,
      code: 'invalid_encoding',
    });
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} with 400, in linear time however deep`, () => {
    expect(problemOf(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).to.include({
      status: 400,
      code: 'json_too_deep',
    });
    expect(problemOf('{"a":'.repeat(5_000_000))).to.include({ code: 'json_too_deep' });
  });

  it('refuses a lone surrogate escape, high or low', () => {
    expect(problemOf('{"a":"\\ud800"}')).to.include({ status: 400, code: 'invalid_json' });
    expect(problemOf('{"a":"x\\uDC00y"}')).to.include({ code: 'invalid_json' });
    expect(problemOf('{"a":"\\ud800\\u0041"}')).to.include({ code: 'invalid_json' });
  });

  it('scans a string of a million escapes in one pass', () => {
    const started = performance.now();
    expect(problemOf(`{"a":"${'\\n'.repeat(1_000_000)}"}`)).to.equal(undefined);
    expect(performance.now() - started).to.be.below(2_000);
  });
});
