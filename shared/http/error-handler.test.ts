import { Writable } from 'node:stream';
import { expect } from 'chai';
import type { NextFunction, Request, Response } from 'express';
import { createLogger } from '../logging/logger.js';
import { jsonApiErrorHandler } from './error-handler.js';

const silent = createLogger('test', 'fatal', new Writable({ write: (_chunk, _encoding, done) => done() }));

/** What the handler answers for an error, read off a minimal response. */
const answerTo = (error: unknown) => {
  const answer = { status: 0, type: '', body: undefined as unknown, destroyed: false };
  const response = {
    headersSent: false,
    status(code: number) {
      answer.status = code;
      return this;
    },
    setHeader(name: string, value: string) {
      if (name === 'Content-Type') answer.type = value;
    },
    send(bytes: Buffer) {
      answer.body = JSON.parse(bytes.toString('utf8'));
    },
    destroy() {
      answer.destroyed = true;
    },
  };
  jsonApiErrorHandler(silent)(error, {} as Request, response as unknown as Response, (() => undefined) as NextFunction);
  return answer;
};

describe('jsonApiErrorHandler', () => {
  it('keeps the status of a client error Express or its parts raise, as a JSON:API error', () => {
    const decodeFailure = Object.assign(new URIError('Failed to decode param'), { status: 400 });

    const answer = answerTo(decodeFailure);

    expect(answer.status).to.equal(400);
    expect(answer.type).to.equal('application/vnd.api+json');
    expect(answer.body).to.have.nested.property('errors[0].status', '400');
  });

  it('answers 500 for what is not a client error, thrown values that are no objects included', () => {
    expect(answerTo(new Error('bug')).status).to.equal(500);
    expect(answerTo(Object.assign(new Error('hidden'), { status: 400, expose: false })).status).to.equal(500);
    expect(answerTo(null).status).to.equal(500);
  });
});
