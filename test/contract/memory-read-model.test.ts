import { createMemoryReadModel } from '../../shared/adapters/embedded/memory-read-model.js';
import { documentReadModelContract } from './document-read-model.contract.js';

documentReadModelContract('memory', async () => {
  const model = createMemoryReadModel();
  return { model, cleanup: () => model.close() };
});
