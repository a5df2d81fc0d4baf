import {
  CancelledError,
  DeadlineExceededError,
  NotLeaderError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
  type AppendExpectedRevision,
} from '@eventstore/db-client';
import { errors, isAppError } from '../../errors/app-error.js';

/** Failures of an unreachable, restarting or re-electing server: trying again can help. */
export const isTransient = (error: unknown): boolean =>
  error instanceof UnavailableError ||
  error instanceof DeadlineExceededError ||
  error instanceof TimeoutError ||
  error instanceof NotLeaderError ||
  error instanceof CancelledError;

/** In the port's words: `noStream`, `any` or a number. */
const describeRevision = (revision: AppendExpectedRevision) => (revision === 'no_stream' ? 'noStream' : String(revision));

/** Maps the client's errors onto the port's: a concurrency conflict or a retriable `service_unavailable`. */
export const asStoreError = (error: unknown, action: string): unknown => {
  if (isAppError(error)) return error;
  if (error instanceof WrongExpectedVersionError) {
    return errors.wrongExpectedRevision(error.streamName, describeRevision(error.expectedVersion), describeRevision(error.actualVersion));
  }
  return isTransient(error) ? errors.unavailable(`EventStoreDB: could not ${action}`, error) : error;
};
