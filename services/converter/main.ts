import { processConfig } from '../../shared/config/adapters-config.js';
import { ConfigError } from '../../shared/config/parse-config.js';
import { ProcessBasics } from '../../shared/config/process-basics.js';
import { runProcess } from '../../shared/runtime/run-process.js';
import { ConverterConfig } from './converter-config.js';
import { createConverter } from './converter-service.js';
import { loadSigningIdentity } from './signing/signing-identity.js';

await runProcess({
  name: 'converter',
  config: processConfig({ ...ProcessBasics.shape, ...ConverterConfig.shape }),
  build: async (config, ports, logger) => {
    const [store, bus, blobs] = await Promise.all([ports.store(), ports.bus(), ports.blobs()]);
    // Replicas must sign with one identity, and pods have no data directory to keep a generated one.
    if (config.KONTOR_MODE === 'distributed' && !config.SIGNING_P12) {
      throw new ConfigError(['SIGNING_P12: required when KONTOR_MODE=distributed (a mounted PKCS#12 file)']);
    }
    const signingIdentity = await loadSigningIdentity(config, config.DATA_DIR);
    return { services: [createConverter({ store, bus, blobs, logger }, { ...config, signingIdentity })] };
  },
});
