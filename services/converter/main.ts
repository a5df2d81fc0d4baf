import { processConfig } from '../../shared/config/adapters-config.js';
import { ProcessBasics, StepConcurrency } from '../../shared/config/process-basics.js';
import { runProcess } from '../../shared/runtime/run-process.js';
import { ConverterConfig } from './converter-config.js';
import { createConverter } from './converter-service.js';
import { loadProcessSigningIdentity } from '../../shared/signing/signing-identity.js';

await runProcess({
  name: 'converter',
  config: processConfig({ ...ProcessBasics.shape, ...ConverterConfig.shape, ...StepConcurrency.shape }),
  build: async (config, ports, logger) => {
    const [store, bus, blobs] = await Promise.all([ports.store(), ports.bus(), ports.blobs()]);
    const signingIdentity = await loadProcessSigningIdentity(config);
    return {
      services: [createConverter({ store, bus, blobs, logger }, { ...config, signingIdentity, concurrency: config.SERVICE_CONCURRENCY })],
    };
  },
});
