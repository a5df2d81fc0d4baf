import { processConfig } from '../../shared/config/adapters-config.js';
import { ProcessBasics } from '../../shared/config/process-basics.js';
import { runProcess } from '../../shared/runtime/run-process.js';
import { ViewConfig, viewOptions } from './projector-config.js';
import { createEraser } from '../eraser/index.js';
import { createProjector } from './projector-service.js';

await runProcess({
  name: 'projector',
  config: processConfig({ ...ProcessBasics.shape, ...ViewConfig.shape }),
  build: async (config, ports, logger) => {
    const [store, readModel, keys, blobs, checkpoints] = await Promise.all([
      ports.store(),
      ports.readModel(),
      ports.keys(),
      ports.blobs(),
      ports.checkpoints(),
    ]);
    return {
      // Erasures are carried out beside the projection that drops their views: both follow the whole log.
      services: [
        createProjector({ store, readModel, logger }, viewOptions(config)),
        createEraser({ store, keys, blobs, checkpoints, logger: logger.child({ component: 'eraser' }) }),
      ],
    };
  },
});
