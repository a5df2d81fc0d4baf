import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Router } from 'express';
import { createTokenRegistry } from '../auth/token-registry.js';
import { createLogger } from '../logging/logger.js';
import { apiRequests } from '../runtime/foreground-work.js';
import { createApiApp } from './create-api-app.js';

describe('API shell', () => {
  it('counts a request as foreground work while it is answered, so the pipeline yields to it', async () => {
    const router = Router({ mergeParams: true });
    router.get('/busy', (_request, response) => void response.json({ busy: apiRequests.busy() }));
    const app = createApiApp({
      logger: createLogger('test', 'silent'),
      tokens: createTokenRegistry({ authTokens: 'tenant-a=token-of-tenant-a', tokenFile: null }),
      maxBodyBytes: 1024,
      requestsPerSecondPerTenant: 0,
      tenantRouters: [router],
      isReady: () => true,
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/v1/tenant-a/busy`, {
        headers: { Authorization: 'Bearer token-of-tenant-a', Accept: 'application/vnd.api+json' },
      });

      expect(await response.json()).to.deep.equal({ busy: true });
      expect(apiRequests.busy()).to.equal(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
