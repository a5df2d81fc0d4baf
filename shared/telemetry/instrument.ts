/**
 * Preloaded with `node --import` (see the Dockerfile and `npm start`): starts telemetry with the
 * auto-instrumentations before the process loads what they patch. ES modules can only be patched
 * through a loader hook registered this early; it is told to wrap the instrumented modules only.
 * Any other node command (a health check, a CLI) and worker threads pass through untouched.
 */
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { instrumentations } from './instrumentations.js';
import { serviceNameOf } from './telemetry-environment.js';
import { startTelemetry } from './telemetry.js';

const kontorProcess = /services\/([a-z-]+)\/main\.[jt]s$/.exec(process.argv[1] ?? '')?.[1];

if (kontorProcess && isMainThread) {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  startTelemetry({ serviceName: serviceNameOf(kontorProcess), instrumentations: await instrumentations(process.env.KONTOR_MODE) });
  await waitForAllMessagesAcknowledged();
}
