import kafkajs from 'kafkajs';
import { AppError, errors, isAppError } from '../../errors/app-error.js';

type KafkaJSError = InstanceType<typeof kafkajs.KafkaJSError>;

/**
 * kafkajs wraps the last error in a non-retriable one once its own retries run out; when that last error was
 * retriable (a broker away, a leader moving), the caller's own retry later may still pass.
 */
const isRetriable = (error: KafkaJSError): boolean =>
  error.retriable ||
  (error instanceof kafkajs.KafkaJSNumberOfRetriesExceeded && error.cause instanceof kafkajs.KafkaJSError && error.cause.retriable);

/** The AppError for a failure at the Kafka boundary; `retriable` follows the kafkajs error. */
export const kafkaAppError = (error: unknown, detail: string): AppError => {
  if (isAppError(error)) return error;
  if (!(error instanceof kafkajs.KafkaJSError)) return errors.unavailable(`${detail}: ${String(error)}`, error);
  if (isRetriable(error)) return errors.unavailable(`${detail}: ${error.message}`, error);
  return new AppError({
    code: 'event_bus_failed',
    status: 500,
    title: 'Event bus failure',
    detail: `${detail}: ${error.message}`,
    cause: error,
  });
};
