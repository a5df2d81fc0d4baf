import { ApiClient, type ApiResponse } from '../../harness/api-client.js';
import { FileServer } from '../support/file-server.js';
import { KontorProcess } from '../../harness/kontor-process.js';
import { expectMatchesOpenApi } from '../support/openapi-validator.js';

import { corpusPath } from '../../harness/corpora.js';

export const corpusFile = corpusPath;

export const TENANT_A = { id: 'tenant-a', token: 'token-a-0123456789' };
export const TENANT_B = { id: 'tenant-b', token: 'token-b-0123456789' };

export interface KontorFixture {
  kontor: KontorProcess;
  files: FileServer;
  /** Tenant A's client on the `/v1` path form. */
  api: ApiClient;
  apiB: ApiClient;
}

/** Every JSON answer in the end-to-end suites is checked against contracts/openapi.yaml. */
const checkAgainstOpenApi = (method: string, path: string, response: ApiResponse) => {
  if (path.includes('/files/') || path.includes('/blobs/') || path.endsWith('/export')) return;
  expectMatchesOpenApi(method, path, response.status, response.body, response.headers.get('content-type') ?? undefined);
};

/** Starts one Kontor (embedded, fresh data directory) and a local file host for the suite. */
export const useKontor = (environment: Record<string, string> = {}): KontorFixture => {
  const fixture = {} as KontorFixture;
  before(async function () {
    this.timeout(120_000);
    fixture.files = await FileServer.start([
      { path: '/aws.pdf', file: corpusFile('invoice2data/tests/compare/AmazonWebServices.pdf'), contentType: 'application/pdf' },
      { path: '/netpresse.pdf', file: corpusFile('invoice2data/tests/compare/NetpresseInvoice.pdf'), contentType: 'application/pdf' },
    ]);
    fixture.kontor = await KontorProcess.start({
      AUTH_TOKENS: `${TENANT_A.id}=${TENANT_A.token},${TENANT_B.id}=${TENANT_B.token}`,
      DOWNLOAD_ALLOWLIST: fixture.files.host,
      DOWNLOAD_TIMEOUT_MS: '5000',
      ...environment,
    });
    fixture.api = new ApiClient(fixture.kontor.baseUrl, TENANT_A.token, checkAgainstOpenApi);
    fixture.apiB = new ApiClient(fixture.kontor.baseUrl, TENANT_B.token, checkAgainstOpenApi);
  });
  after(async function () {
    this.timeout(60_000);
    await fixture.kontor?.destroy();
    await fixture.files?.stop();
  });
  return fixture;
};

export const documentsPath = (tenant: string, form: 'v1' | 'api' = 'v1') => `${form === 'v1' ? '' : '/api'}/v1/${tenant}/documents`;

export const createBody = (attributes: Record<string, unknown>, type = 'documents') => ({ data: { type, attributes } });
