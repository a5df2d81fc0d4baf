/**
 * Bulk reprocessing throughput: an embedded Kontor with N processed e-invoices, then `npm run reprocess`
 * over all of them (scope extraction), timed end to end. Run: npm run bench:reprocess [-- --documents 40 --max-in-flight 4]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ApiClient } from '../../harness/api-client.js';
import { corpusPath } from '../../harness/corpora.js';
import { KontorProcess } from '../../harness/kontor-process.js';

const { values } = parseArgs({
  options: { documents: { type: 'string', default: '40' }, 'max-in-flight': { type: 'string', default: '4' } },
});
const documents = Number(values.documents);
const XML = corpusPath('xrechnung/src/test/technical-cases/cius/01.05_minimal_test_ubl.xml');
const TOKEN = 'bench-token-0123456789';
const ROOT = path.resolve(import.meta.dirname, '../..');

const kontor = await KontorProcess.start({ AUTH_TOKENS: `bench=${TOKEN}`, LOG_LEVEL: 'warn' });
const api = new ApiClient(kontor.baseUrl, TOKEN);
try {
  const xml = (await readFile(XML)).toString('base64');
  const ids: string[] = [];
  for (let index = 0; index < documents; index++) {
    const created = await api.post('/v1/bench/documents', {
      data: { type: 'documents', attributes: { base64_files: [xml], custom_fields: { bench: 'reprocess' } } },
    });
    ids.push(created.body.data.id);
  }
  for (const id of ids) await api.waitUntilProcessed(`/v1/bench/documents/${id}`);

  const directory = await mkdtemp(path.join(tmpdir(), 'kontor-bench-reprocess-'));
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'services/reprocess/reprocess-cli.ts',
        '--tenant',
        'bench',
        '--filter',
        'filter[custom_fields.bench]=reprocess',
        '--max-in-flight',
        values['max-in-flight'],
        '--checkpoint',
        path.join(directory, 'checkpoint'),
        '--url',
        kontor.baseUrl,
      ],
      { cwd: ROOT, env: { ...process.env, KONTOR_TOKEN: TOKEN }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.on('close', resolve);
  });
  const seconds = (performance.now() - started) / 1000;
  await rm(directory, { recursive: true, force: true });
  console.log(
    JSON.stringify({
      documents,
      maxInFlight: Number(values['max-in-flight']),
      exitCode: code,
      seconds: Number(seconds.toFixed(1)),
      documentsPerMinute: Math.round((documents / seconds) * 60),
      cpus: cpus().length,
      loadAverage: loadavg().map((load) => Number(load.toFixed(1))),
    }),
  );
} finally {
  await kontor.destroy();
}
