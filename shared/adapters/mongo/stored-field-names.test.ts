import { expect } from 'chai';
import { fromStoredFieldNames, toStoredFieldNames } from './stored-field-names.js';

describe('stored field names', () => {
  const view = {
    plain_name: 1,
    evidence: {
      'accounting_document.amount_total': { confidence: 0.5, source: { kind: 'xml', path: '/a.b/$c' } },
      $leading: [{ 'in.an.array': null }],
      'literal %2E and %24 and %25 and %00 and %': 'kept',
    },
    custom_fields: { '': { 'nul\0in a name': [{ '': '' }] }, '%': 'a lone percent' },
  };

  it('leaves no dot, dollar, NUL or empty field name, and plain names as they are', () => {
    const names = (value: unknown): string[] =>
      value !== null && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, member]) => [...(Array.isArray(value) ? [] : [key]), ...names(member)])
        : [];
    const stored = toStoredFieldNames(view);

    expect(names(stored).filter((name) => /[.$\0]/.test(name) || name === '')).to.deep.equal([]);
    expect(stored).to.have.property('plain_name', 1);
  });

  it('gives back the original names, values untouched', () => {
    expect(fromStoredFieldNames(toStoredFieldNames(view))).to.deep.equal(view);
  });
});
