import { expect } from 'chai';
import { CustomFields, MAX_CUSTOM_FIELD_DEPTH, MAX_CUSTOM_FIELDS, MAX_CUSTOM_FIELDS_BYTES } from './custom-fields.js';

const issuesOf = (json: string) => {
  const result = CustomFields.safeParse(JSON.parse(json));
  return result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }));
};

const nested = (levels: number): unknown => (levels === 0 ? 'leaf' : { a: nested(levels - 1) });

describe('CustomFields', () => {
  it('accepts any JSON value below a key and passes the very object on, so it round-trips exactly', () => {
    const json = '{"nested":{"a":[1,"x",null,{"b":true}],"":{"%.$":-0.5}},"n":null,"2":"digits first","big":12345678901234567890}';
    const fields = JSON.parse(json);
    const result = CustomFields.parse(fields);

    expect(result).to.equal(fields);
    expect(JSON.stringify(result)).to.equal(JSON.stringify(JSON.parse(json)));
  });

  it(`accepts ${MAX_CUSTOM_FIELD_DEPTH} levels of nesting and refuses one more, naming where`, () => {
    expect(CustomFields.safeParse({ deep: nested(MAX_CUSTOM_FIELD_DEPTH) }).success).to.equal(true);
    const [issue] = CustomFields.safeParse({ deep: nested(MAX_CUSTOM_FIELD_DEPTH + 1) }).error!.issues;
    expect(issue?.path).to.deep.equal(['deep', ...Array<string>(MAX_CUSTOM_FIELD_DEPTH).fill('a')]);
  });

  it(`refuses more than ${MAX_CUSTOM_FIELDS_BYTES} bytes of JSON`, () => {
    expect(CustomFields.safeParse({ note: 'x'.repeat(MAX_CUSTOM_FIELDS_BYTES - 20) }).success).to.equal(true);
    expect(issuesOf(JSON.stringify({ note: 'ü'.repeat(MAX_CUSTOM_FIELDS_BYTES / 2) }))[0]?.message).to.match(/at most 32768 bytes/);
  });

  for (const [what, json, path] of [
    ['an array', '[1]', []],
    ['null', 'null', []],
    ['a top-level key outside [A-Za-z0-9_-]', '{"a b":1}', ['a b']],
    ['__proto__ as a top-level key', '{"__proto__":1}', ['__proto__']],
    ['__proto__ as a nested key', '{"a":[{"__proto__":{}}]}', ['a', 0, '__proto__']],
    ['a number too large for a double', '{"a":{"b":1e999}}', ['a', 'b']],
    ['more than 50 fields', JSON.stringify(Object.fromEntries(Array.from({ length: MAX_CUSTOM_FIELDS + 1 }, (_, i) => [`k${i}`, i]))), []],
  ] as const) {
    it(`refuses ${what}`, () => expect(issuesOf(json)[0]?.path).to.deep.equal(path));
  }
});
