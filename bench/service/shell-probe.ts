import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { Router, type RequestHandler } from 'express';
import { createTokenRegistry } from '../../shared/auth/token-registry.js';
import { createApiApp } from '../../shared/http/create-api-app.js';
import { sendDocument } from '../../shared/http/json-api.js';
import { createLogger } from '../../shared/logging/logger.js';
import { createReviewPage } from '../../services/query/index.js';

/**
 * `npx tsx bench/service/shell-probe.ts [--requests 5000] [--rounds 4]`: the API shell's CPU per create-shaped request
 * (a small JSON:API body posted, a 201 with a small document), the route answered directly (its plain path,
 * see direct-routes.ts) and through express's router (the same path with a trailing slash), alternated in one
 * process. The client runs in a child process at concurrency 32 over kept-alive connections; the figure is this
 * process's CPU time (all its threads) a request, which a loaded machine moves far less than wall-clock time.
 */
const { values: args } = parseArgs({
  options: { requests: { type: 'string', default: '5000' }, rounds: { type: 'string', default: '4' } },
});

const created: RequestHandler = (request, response) =>
  sendDocument(response, 201, { data: { type: 'documents', id: 'd', attributes: request.body as object } });
const router = Router({ mergeParams: true });
router.post('/documents', created);
const app = createApiApp({
  logger: createLogger('shell-probe', 'warn'),
  tokens: createTokenRegistry({ authTokens: 'bench-a=bench-a-token-0123456789', tokenFile: null }),
  maxBodyBytes: 1024 * 1024,
  requestsPerSecondPerTenant: 0,
  // As the embedded process has them: the review page's router is one of the layers a routed request passes.
  pages: [createReviewPage()],
  tenantRouters: [router],
  directRoutes: [{ method: 'POST', path: '/documents', handler: created }],
  isReady: () => true,
});
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address() as AddressInfo;

const CLIENT = `
import http from 'node:http';
const [port, path, count] = process.argv.slice(1);
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
const body = JSON.stringify({ data: { type: 'documents', attributes: { base64_files: ['JVBERi0xLjQK'] } } });
const headers = { Authorization: 'Bearer bench-a-token-0123456789', 'Content-Type': 'application/vnd.api+json', Accept: 'application/vnd.api+json', 'Content-Length': Buffer.byteLength(body) };
let sent = 0;
const one = () => new Promise((resolve, reject) => {
  const request = http.request({ host: '127.0.0.1', port: Number(port), path, method: 'POST', agent, headers }, (response) => {
    if (response.statusCode !== 201) reject(new Error('status ' + response.statusCode));
    response.resume();
    response.on('end', resolve);
  });
  request.on('error', reject);
  request.end(body);
});
const worker = async () => { while (sent < Number(count)) { sent++; await one(); } };
await Promise.all(Array.from({ length: 32 }, worker));
agent.destroy();
`;

const measure = async (path: string, count: number) => {
  const before = process.cpuUsage();
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', CLIENT, String(port), path, String(count)]);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
};

try {
  await measure('/v1/bench-a/documents', 1000);
  await measure('/v1/bench-a/documents/', 1000);
  for (let round = 1; round <= Number(args.rounds); round++) {
    const direct = await measure('/v1/bench-a/documents', Number(args.requests));
    const routed = await measure('/v1/bench-a/documents/', Number(args.requests));
    console.log(`round ${round}: directly ${direct.toFixed(0)} µs, through the router ${routed.toFixed(0)} µs of CPU a request`);
  }
} finally {
  server.close();
}
