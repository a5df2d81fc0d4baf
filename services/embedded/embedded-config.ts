import { z } from 'zod';
import { processConfig } from '../../shared/config/adapters-config.js';
import { ApiConfig } from '../../shared/config/api-config.js';
import { ConverterConfig } from '../converter/index.js';
import { DownloaderConfig } from '../downloader/index.js';
import { ExtractorConfig } from '../extractor/index.js';
import { GatewayLimitsConfig } from '../gateway/index.js';
import { ViewConfig } from '../projector/index.js';
import { RelayConfig } from '../relay/index.js';
import { WebhooksConfig } from '../webhooks/index.js';

/**
 * The one config schema of the all-in-one process: every service's settings, checked at start-up.
 * Embedded adapters by default; KONTOR_MODE=distributed runs all services in one process on the servers.
 */
export const EmbeddedConfig = processConfig({
  ...ApiConfig.shape,
  ...GatewayLimitsConfig.shape,
  ...DownloaderConfig.shape,
  ...ConverterConfig.shape,
  ...ExtractorConfig.shape,
  ...ViewConfig.shape,
  ...RelayConfig.shape,
  ...WebhooksConfig.shape,
  /** Messages a service handles at once (different documents); OCR is CPU-bound, so keep it near the core count. */
  SERVICE_CONCURRENCY: z.coerce.number().int().positive().default(2),
});
export type EmbeddedConfig = z.infer<typeof EmbeddedConfig>;
