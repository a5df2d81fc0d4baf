import { pino, type Logger, type LoggerOptions } from 'pino';
import { trace } from '@opentelemetry/api';

export type { Logger } from 'pino';

/** JSON logs; every line in a request or event handler also carries tenant, document id and trace id. */
export const createLogger = (
  service: string,
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
): Logger => {
  const options: LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const spanContext = trace.getActiveSpan()?.spanContext();
      return spanContext ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
};

export const documentLogger = (logger: Logger, tenantId: string, documentId: string): Logger =>
  logger.child({ tenant_id: tenantId, document_id: documentId });
