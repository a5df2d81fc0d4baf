import { z } from 'zod';
import { ApiConfig } from '../../shared/config/api-config.js';
import { ConverterConfig } from '../converter/converter-config.js';
import { DownloaderConfig } from '../downloader/downloader-config.js';
import { ExtractorConfig } from '../extractor/extractor-config.js';

/** The one config schema of the embedded process: every service's settings, checked at start-up. */
export const EmbeddedConfig = z.object({
  ...ApiConfig.shape,
  ...DownloaderConfig.shape,
  ...ConverterConfig.shape,
  ...ExtractorConfig.shape,
  RELAY_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(256),
  /** Messages a service handles at once (different documents); OCR is CPU-bound, so keep it near the core count. */
  SERVICE_CONCURRENCY: z.coerce.number().int().positive().default(2),
  BUS_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
});
export type EmbeddedConfig = z.infer<typeof EmbeddedConfig>;
