import { processConfig } from '../../shared/config/adapters-config.js';
import { ProcessBasics, StepConcurrency } from '../../shared/config/process-basics.js';
import { runProcess } from '../../shared/runtime/run-process.js';
import { ExtractorConfig } from './extractor-config.js';
import { createExtractor } from './extractor-service.js';

await runProcess({
  name: 'extractor',
  config: processConfig({
    ...ProcessBasics.shape,
    ...ExtractorConfig.shape,
    ...StepConcurrency.shape,
  }),
  build: async (config, ports, logger) => {
    const [store, bus, blobs] = await Promise.all([ports.store(), ports.bus(), ports.blobs()]);
    return { services: [createExtractor({ store, bus, blobs, logger }, { ...config, concurrency: config.SERVICE_CONCURRENCY })] };
  },
});
