import { z } from 'zod';
import { processConfig } from '../../shared/config/adapters-config.js';
import { ProcessBasics } from '../../shared/config/process-basics.js';
import { runProcess } from '../../shared/runtime/run-process.js';
import { ExtractorConfig } from './extractor-config.js';
import { createExtractor } from './extractor-service.js';

await runProcess({
  name: 'extractor',
  config: processConfig({
    ...ProcessBasics.shape,
    ...ExtractorConfig.shape,
    /** Documents handled at once; pages of one document are spread over the OCR workers. */
    SERVICE_CONCURRENCY: z.coerce.number().int().positive().default(1),
  }),
  build: async (config, ports, logger) => {
    const [store, bus, blobs] = await Promise.all([ports.store(), ports.bus(), ports.blobs()]);
    return { services: [createExtractor({ store, bus, blobs, logger }, { ...config, concurrency: config.SERVICE_CONCURRENCY })] };
  },
});
