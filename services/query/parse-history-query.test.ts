import { expect } from 'chai';
import type { AppError } from '../../shared/errors/app-error.js';
import { ValidationErrors } from '../../shared/errors/app-error.js';
import { parseHistoryQuery } from './parse-history-query.js';

const failureOf = (params: Record<string, unknown>): AppError => {
  try {
    parseHistoryQuery(params);
  } catch (error) {
    return error as AppError;
  }
  throw new Error(`expected ${JSON.stringify(params)} to be refused`);
};

describe('parseHistoryQuery', () => {
  it('without parameters: every type, page 1 of 25', () => {
    expect(parseHistoryQuery({})).to.deep.equal({ types: null, page: { number: 1, size: 25 } });
  });

  it('reads one or several types, nested or flat', () => {
    expect(parseHistoryQuery({ filter: { type: 'DataExtracted' } }).types).to.deep.equal(['DataExtracted']);
    expect(parseHistoryQuery({ 'filter[type]': 'DocumentSubmitted,TextRecognized', 'page[size]': '5', 'page[number]': '2' })).to.deep.equal(
      {
        types: ['DocumentSubmitted', 'TextRecognized'],
        page: { number: 2, size: 5 },
      },
    );
  });

  it('refuses an unknown event type, naming the known ones', () => {
    const error = failureOf({ 'filter[type]': 'DataExtracted,Nope' });
    expect(error).to.include({ status: 400, code: 'invalid_filter_value' });
    expect(error.detail).to.match(/unknown event type Nope; known are DocumentSubmitted/);
  });

  it('refuses pages out of range and unknown parameters, all at once', () => {
    const error = failureOf({ 'page[size]': '101', 'page[number]': '0', as_of: '3' });
    expect(error).to.be.instanceOf(ValidationErrors);
    expect((error as ValidationErrors).errors.map((problem) => problem.source?.parameter)).to.deep.equal([
      'page[size]',
      'page[number]',
      'as_of',
    ]);
  });
});
