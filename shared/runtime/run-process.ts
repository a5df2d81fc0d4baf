import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import type { z } from 'zod';
import type { AdaptersConfig } from '../config/adapters-config.js';
import { ConfigError, parseConfig } from '../config/parse-config.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { serviceNameOf } from '../telemetry/telemetry-environment.js';
import { runningTelemetry, startTelemetry } from '../telemetry/telemetry.js';
import { createPortFactory, type PortFactory } from './port-factory.js';
import type { Service } from './service.js';

export interface ProcessParts {
  /** Started in order, stopped in reverse. */
  services: Service[];
  /** An HTTP app with /healthz and /readyz of its own (the API); workers get a bare health app. */
  app?: Express;
}

type BaseConfig = AdaptersConfig & { PORT: number; LOG_LEVEL: string };

export interface ProcessDefinition<Config extends BaseConfig> {
  name: string;
  config: z.ZodType<Config>;
  build(config: Config, ports: PortFactory, logger: Logger, isReady: () => boolean): Promise<ProcessParts>;
}

export interface RunningProcess {
  server: Server;
  stop(): Promise<void>;
}

const KEEP_ALIVE_TIMEOUT_MS = 65_000;

const healthApp = (isReady: () => boolean): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_request, response) => void response.json({ status: 'ok' }));
  app.get('/readyz', (_request, response) => {
    const ready = isReady();
    response.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready' });
  });
  return app;
};

/** What express's `/metrics` route may match: any case, an optional trailing slash, a query. */
const METRICS_PATH = /^\/metrics\/?(?:[?#]|$)/i;

/**
 * The process's metrics in Prometheus' text format, on the port of its health checks (and of its API),
 * before anything else: a scrape needs no token, like a probe.
 */
const withMetricsEndpoint = (app: Express): RequestListener => {
  const outer = express();
  outer.disable('x-powered-by');
  outer.get('/metrics', (request, response) => {
    const telemetry = runningTelemetry();
    if (telemetry) telemetry.serveMetrics(request, response);
    else response.status(404).type('text/plain').send('no telemetry started in this process\n');
  });
  outer.use(app);
  // Any other request goes to the app alone: through the outer app, each was matched against `/metrics` and
  // then handed on by a second router (express's routers took about 7 % of a create's main thread).
  return (request, response) => void (METRICS_PATH.test(request.url ?? '') ? outer(request, response) : app(request, response));
};

/** Opens the adapters, starts the services in order, then listens; `stop` undoes it in reverse. */
export const startProcess = async <Config extends BaseConfig>(
  definition: ProcessDefinition<Config>,
  config: Config,
  logger: Logger,
): Promise<RunningProcess> => {
  const ports = createPortFactory(config, logger);
  let ready = false;
  const parts = await definition.build(config, ports, logger, () => ready);
  for (const service of parts.services) await service.start();
  const app = withMetricsEndpoint(parts.app ?? healthApp(() => ready));
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = createServer(app).listen(config.PORT, () => resolve(listening));
    listening.once('error', reject);
  });
  // Node closes an idle keep-alive connection after 5 s; when a busy event loop runs that timer late, it
  // resets connections whose next request has already arrived. Longer than the usual proxy idle timeout (60 s).
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  ready = true;
  return {
    server,
    async stop() {
      ready = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const service of [...parts.services].reverse()) await service.stop();
      await ports.close();
    },
  };
};

/** Bad configuration stops the process with every problem named, not with a stack trace. */
const failOnConfigError = async <T>(work: () => T | Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
};

/**
 * The shell of every Kontor process: config checked at start, JSON logs with trace ids, telemetry
 * (traces and metrics, exported as the OTEL_* variables say; /metrics for Prometheus), adapters
 * chosen by KONTOR_MODE, health endpoints, and a graceful stop on SIGTERM/SIGINT that lets work in
 * flight finish (or hands it back to the bus) before the adapters close.
 */
export const runProcess = async <Config extends BaseConfig>(definition: ProcessDefinition<Config>): Promise<void> => {
  const config = await failOnConfigError(() => parseConfig(definition.config, process.env));
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const telemetry = startTelemetry({ serviceName: serviceNameOf(definition.name) });
  const running = await failOnConfigError(() => startProcess(definition, config, logger));
  logger.info(
    { port: (running.server.address() as AddressInfo).port, mode: config.KONTOR_MODE },
    `${definition.name} is listening on http://localhost:${(running.server.address() as AddressInfo).port}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${definition.name} stopping: finishing work in flight`);
    await running.stop();
    await telemetry.shutdown();
    logger.info(`${definition.name} stopped`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
};
