import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { ReprocessingScope } from '../../contracts/events/document-events.js';
import { isAppError } from '../../shared/errors/app-error.js';
import { parseDocumentQuery } from '../query/index.js';
import { runBulkReprocess } from './bulk-reprocess.js';
import { openCheckpointFile } from './checkpoint-file.js';
import { apiTarget, listDocumentIds } from './reprocess-api.js';

/**
 * `npm run reprocess -- --tenant <id> --filter 'filter[...]=...' [--filter …] [--scope extraction|conversion]
 *  [--reason …] [--max-in-flight 4] [--checkpoint <file>] [--url http://localhost:8080]`, token in KONTOR_TOKEN:
 * reprocesses every document of the tenant the list filters match, through the running service's API
 * (the pipeline must run, in either mode), a few at a time, with a progress bar. Run it again with the
 * same checkpoint file after a crash: it resumes where it stood.
 */
const usage = `usage: KONTOR_TOKEN=<token> npm run reprocess -- --tenant <tenant> --filter 'filter[<field>]=<value>' [--filter …]
         [--scope extraction|conversion] [--reason <text>] [--max-in-flight 4] [--checkpoint <file>] [--url http://localhost:8080]`;

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

/** Filters as the list endpoint takes them, checked by its own parser before anything is asked for. */
const parseFilters = (filters: string[]): URLSearchParams => {
  const params = new URLSearchParams(filters.join('&'));
  const names = [...params.keys()];
  const notAFilter = names.find((name) => !name.startsWith('filter['));
  if (notAFilter) fail(`--filter takes list filters only (filter[...]=...), not ${notAFilter}`);
  try {
    parseDocumentQuery(Object.fromEntries(params));
  } catch (error) {
    if (!isAppError(error)) throw error;
    fail(`invalid filter: ${error.detail ?? error.title}`);
  }
  return params;
};

const main = async (): Promise<number> => {
  const { values } = parseArgs({
    options: {
      tenant: { type: 'string' },
      filter: { type: 'string', multiple: true, default: [] },
      scope: { type: 'string', default: 'extraction' },
      reason: { type: 'string' },
      'max-in-flight': { type: 'string', default: '4' },
      checkpoint: { type: 'string' },
      url: { type: 'string', default: process.env.KONTOR_URL ?? 'http://localhost:8080' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return (console.log(usage), 0);
  const token = process.env.KONTOR_TOKEN;
  if (!values.tenant || !token) return fail(usage);
  const scope = ReprocessingScope.safeParse(values.scope);
  if (!scope.success) return fail(`--scope is extraction or conversion, not ${values.scope}`);
  const maxInFlight = Number(values['max-in-flight']);
  if (!Number.isInteger(maxInFlight) || maxInFlight < 1) return fail('--max-in-flight takes a whole number from 1');
  const filters = parseFilters(values.filter);
  const access = { baseUrl: values.url, tenantId: values.tenant, token };
  const checkpoint = values.checkpoint ?? `reprocess-${values.tenant}.checkpoint`;

  console.error(`Listing ${values.tenant}'s documents matching ${filters.toString() || 'no filter (all of them)'} …`);
  const ids = await listDocumentIds(access, filters, (count, total) => process.stderr.write(`\r${count}/${total} listed`));
  process.stderr.write('\n');
  const journal = await openCheckpointFile(checkpoint);
  const started = Date.now();
  const bar = new SingleBar({
    format:
      'reprocess |{bar}| {value}/{total} documents | {inFlight} in flight | {skipped} skipped | {failed} failed | {perMinute}/min | ETA {eta_formatted}',
    stream: process.stderr,
    hideCursor: true,
  });
  const doneBefore = ids.filter((id) => journal.done.has(id)).length;
  bar.start(ids.length, doneBefore, { inFlight: 0, skipped: 0, failed: 0, perMinute: 0 });
  const failures: string[] = [];
  const result = await runBulkReprocess(ids, apiTarget(access, scope.data, values.reason ?? null), journal, {
    maxInFlight,
    pollIntervalMs: 500,
    onProgress: ({ done, inFlight, skipped, failed }) => {
      const minutes = (Date.now() - started) / 60_000;
      bar.update(done, { inFlight, skipped, failed, perMinute: minutes > 0 ? Math.round((done - doneBefore) / minutes) : 0 });
    },
    onFailure: (documentId, error) => failures.push(`${documentId}: ${error instanceof Error ? error.message : String(error)}`),
  });
  bar.stop();
  const minutes = (Date.now() - started) / 60_000;
  for (const line of failures) console.error(`FAILED ${line}`);
  console.error(
    `${result.done}/${result.total} reprocessed (${result.skipped} with nothing to redo), ${result.failed} failed, ` +
      `${Math.round((result.done - doneBefore) / Math.max(minutes, 1 / 60))} documents/min; checkpoint ${checkpoint}`,
  );
  return result.failed > 0 ? 1 : 0;
};

process.exitCode = await main();
