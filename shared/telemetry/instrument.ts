/**
 * Preloaded with `node --import` (see the Dockerfile and `npm start`): starts telemetry before the process
 * loads what the auto-instrumentations patch. ES modules can only be patched through a loader hook
 * registered this early; it is told to wrap the instrumented modules only. Any other node command (a
 * health check, a CLI) and worker threads pass through untouched.
 *
 * The auto-instrumentations are loaded only when spans leave the process. Without a trace exporter their
 * spans would be non-recording ones that Kontor's own request span already stands for (it continues a
 * client's `traceparent`, and a document's trace travels in event metadata, not in library calls), while
 * the HTTP server's wrapping alone cost about a third of the shell's CPU per request.
 */
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { instrumentations } from './instrumentations.js';
import { exportsSignal, serviceNameOf } from './telemetry-environment.js';
import { startTelemetry } from './telemetry.js';

const kontorProcess = /services\/([a-z-]+)\/main\.[jt]s$/.exec(process.argv[1] ?? '')?.[1];

if (kontorProcess && isMainThread) {
  const serviceName = serviceNameOf(kontorProcess);
  if (exportsSignal(process.env, 'TRACES')) {
    const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
    register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
    startTelemetry({ serviceName, instrumentations: await instrumentations(process.env.KONTOR_MODE) });
    await waitForAllMessagesAcknowledged();
  } else {
    startTelemetry({ serviceName });
  }
}
