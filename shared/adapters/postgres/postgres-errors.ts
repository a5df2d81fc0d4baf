import { DatabaseError } from 'pg';
import { errors, isAppError } from '../../errors/app-error.js';

const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATE classes where trying again can help: 08 connection exceptions, 40 rollbacks (serialization
 * failures, deadlocks), 53 insufficient resources (too many connections), 57 operator intervention
 * (a server shutting down or starting up).
 */
const TRANSIENT_SQLSTATE = /^(08|40|53|57)/;

/** pg reports a dropped or unobtainable connection as a plain Error with one of these messages. */
const LOST_CONNECTION = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

const isTransient = (error: unknown): boolean => {
  if (error instanceof DatabaseError) return TRANSIENT_SQLSTATE.test(error.code ?? '');
  if (!(error instanceof Error)) return false;
  const { code } = error as NodeJS.ErrnoException;
  return (code !== undefined && NETWORK_ERROR_CODES.has(code)) || LOST_CONNECTION.test(error.message);
};

/** Turns failures of an unreachable or overloaded server into the retriable `service_unavailable`. */
export const asStoreError = (error: unknown, action: string): unknown =>
  !isAppError(error) && isTransient(error) ? errors.unavailable(`PostgreSQL: could not ${action}`, error) : error;
