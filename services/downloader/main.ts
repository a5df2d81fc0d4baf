import { processConfig } from '../../shared/config/adapters-config.js';
import { ProcessBasics } from '../../shared/config/process-basics.js';
import { runProcess } from '../../shared/runtime/run-process.js';
import { DownloaderConfig } from './downloader-config.js';
import { createDownloader } from './downloader-service.js';

await runProcess({
  name: 'downloader',
  config: processConfig({ ...ProcessBasics.shape, ...DownloaderConfig.shape }),
  build: async (config, ports, logger) => {
    const [store, bus, blobs] = await Promise.all([ports.store(), ports.bus(), ports.blobs()]);
    return { services: [createDownloader({ store, bus, blobs, logger }, config)] };
  },
});
