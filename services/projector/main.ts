import { processConfig } from '../../shared/config/adapters-config.js';
import { ProcessBasics } from '../../shared/config/process-basics.js';
import { runProcess } from '../../shared/runtime/run-process.js';
import { ViewConfig, viewOptions } from './projector-config.js';
import { createProjector } from './projector-service.js';

await runProcess({
  name: 'projector',
  config: processConfig({ ...ProcessBasics.shape, ...ViewConfig.shape }),
  build: async (config, ports, logger) => {
    const [store, readModel] = await Promise.all([ports.store(), ports.readModel()]);
    return { services: [createProjector({ store, readModel, logger }, viewOptions(config))] };
  },
});
