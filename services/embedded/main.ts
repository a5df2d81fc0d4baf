import type { AddressInfo } from 'node:net';
import { ConfigError, parseConfig } from '../../shared/config/parse-config.js';
import { createLogger } from '../../shared/logging/logger.js';
import { registerTracing } from '../../shared/telemetry/tracer-provider.js';
import { EmbeddedConfig } from './embedded-config.js';
import { startEmbedded } from './start-embedded.js';

const loadConfig = (): EmbeddedConfig => {
  try {
    return parseConfig(EmbeddedConfig, process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
};

const config = loadConfig();
const logger = createLogger('kontor', config.LOG_LEVEL);
const tracing = registerTracing();
const kontor = await startEmbedded(config, logger);
const { port } = kontor.server.address() as AddressInfo;
logger.info({ port, data_dir: config.DATA_DIR }, `Kontor is listening on http://localhost:${port}`);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: finishing work in flight');
  await kontor.stop();
  await tracing.shutdown();
  logger.info('stopped');
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
