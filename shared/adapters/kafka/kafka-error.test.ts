import { expect } from 'chai';
import kafkajs from 'kafkajs';
import { errors } from '../../errors/app-error.js';
import { kafkaAppError } from './kafka-error.js';

const { KafkaJSConnectionError, KafkaJSError, KafkaJSNonRetriableError, KafkaJSNumberOfRetriesExceeded } = kafkajs;

const mapped = (error: unknown) => {
  const { code, status, retriable, cause } = kafkaAppError(error, 'publishing');
  return { code, status, retriable, cause: cause === error };
};

describe('kafkaAppError', () => {
  it('keeps the retriable flag of kafkajs errors', () => {
    expect(mapped(new KafkaJSConnectionError('connection refused'))).to.deep.equal({
      code: 'service_unavailable',
      status: 503,
      retriable: true,
      cause: true,
    });
    expect(mapped(new KafkaJSNonRetriableError('message too large'))).to.deep.equal({
      code: 'event_bus_failed',
      status: 500,
      retriable: false,
      cause: true,
    });
  });

  it('counts exhausted kafkajs retries as retriable only when what failed last was', () => {
    const exhausted = (cause: Error) => new KafkaJSNumberOfRetriesExceeded(cause, { retryCount: 5, retryTime: 3000 });

    expect(mapped(exhausted(new KafkaJSError('leader not available'))).retriable).to.equal(true);
    expect(mapped(exhausted(new KafkaJSNonRetriableError('topic authorization failed'))).retriable).to.equal(false);
  });

  it('passes AppErrors through and treats unknown failures as retriable', () => {
    const appError = errors.notFound('gone');

    expect(kafkaAppError(appError, 'publishing')).to.equal(appError);
    expect(mapped(new Error('socket hang up'))).to.deep.equal({ code: 'service_unavailable', status: 503, retriable: true, cause: true });
  });
});
