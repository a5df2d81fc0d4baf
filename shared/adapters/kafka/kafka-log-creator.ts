import kafkajs from 'kafkajs';
import type { logCreator } from 'kafkajs';
import type { Logger } from '../../logging/logger.js';

const { logLevel } = kafkajs;

const pinoLevel = (level: kafkajs.logLevel) => {
  if (level === logLevel.ERROR) return 'error';
  if (level === logLevel.WARN) return 'warn';
  return level === logLevel.INFO ? 'info' : 'debug';
};

/** Sends kafkajs's log lines to the service's pino logger, so they carry the same fields and format. */
export const kafkaLogCreator =
  (logger: Logger): logCreator =>
  () =>
  ({ namespace, level, log }) => {
    const { message, timestamp: _timestamp, ...fields } = log;
    logger[pinoLevel(level)]({ ...fields, kafka: namespace }, message);
  };
