import { expect } from 'chai';
import type { Request, Response } from 'express';
import { AppError } from '../errors/app-error.js';
import { requireUtf8Url } from './url-encoding.js';

const outcomeOf = (url: string): unknown => {
  let passed: unknown = 'not called';
  void requireUtf8Url({ url } as Request, {} as Response, (error?: unknown) => (passed = error));
  return passed;
};

describe('requireUtf8Url', () => {
  for (const url of ['/v1/acme/documents', '/v1/acme/documents/M%C3%BCller?filter[custom_fields.a]=%E2%82%AC+1', '/a%2Fb?x=%7e']) {
    it(`passes ${url}`, () => expect(outcomeOf(url)).to.equal(undefined));
  }

  for (const [what, url] of [
    ['a path percent-encoding bytes that are not UTF-8', '/v1/acme/documents/%FF%FE'],
    ['a query string percent-encoding bytes that are not UTF-8', '/v1/acme/documents?filter[custom_fields.a]=%C3'],
    ['an encoded lone surrogate', '/v1/acme/documents/%ED%A0%80'],
    ['a "%" without two hex digits', '/v1/acme/documents?filter[x]=50%'],
    ['a "%" followed by a non-hex digit', '/v1/acme/documents/%G1'],
  ]) {
    it(`refuses ${what} with 400`, () => {
      const error = outcomeOf(url!);
      expect(error).to.be.instanceOf(AppError);
      expect(error).to.include({ status: 400, code: 'invalid_url_encoding' });
    });
  }
});
