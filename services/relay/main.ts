import { processConfig } from '../../shared/config/adapters-config.js';
import { ProcessBasics } from '../../shared/config/process-basics.js';
import { runProcess } from '../../shared/runtime/run-process.js';
import { RelayConfig, relayOptions } from './relay-config.js';
import { createRelay } from './relay-service.js';

await runProcess({
  name: 'relay',
  config: processConfig({ ...ProcessBasics.shape, ...RelayConfig.shape }),
  build: async (config, ports, logger) => {
    const [store, bus, checkpoints] = await Promise.all([ports.store(), ports.bus(), ports.checkpoints()]);
    return { services: [createRelay({ store, bus, checkpoints, logger }, relayOptions(config))] };
  },
});
