/**
 * Submit → done of a one-page born-digital PDF on the embedded service, started as a user starts it:
 * warm-up documents first, then `--runs` documents one after another; prints p50/p90, the converter's and
 * the recognition's own step times (their "converter rendered source" and "extractor recognized text" log
 * lines: the recognition's from its message on, so a reading begun ahead of it shows as less), the service's CPU time per document (the
 * machine is shared: wall-clock figures grow with its load, CPU time much less), its event loop's thread's alone, and, per step, the median
 * time from the event before it to its own event (the documents' event history, by recorded time).
 * `--root <checkout>` measures another checkout of the project (for a before/after), `--file` another PDF,
 * `--cpu-prof <dir>` writes the service's CPU profile there (node --cpu-prof) when it stops.
 * Run: npm run bench:born-digital [-- --runs 20 --warm-up 3 --file <pdf> --root <checkout> --cpu-prof <dir>]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { corpusPath } from '../../harness/corpora.js';

const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const RUNS = Number(option('runs', '20'));
const WARM_UP = Number(option('warm-up', '3'));
const ROOT = resolve(option('root', resolve(import.meta.dirname, '../..')));
const FILE = option('file', corpusPath('invoice2data/tests/compare/AmazonWebServices.pdf'));
const CPU_PROFILE_DIR = option('cpu-prof', '');
const TOKEN = 'bench-token-0123456789';
const POLL_MS = 20;

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;

const dataDir = await mkdtemp(join(tmpdir(), 'kontor-bench-born-digital-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}/v1/bench/documents`;
const profiling = CPU_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', resolve(CPU_PROFILE_DIR)] : [];
const service = spawn(process.execPath, [...profiling, '--import', 'tsx', 'services/embedded/main.ts'], {
  cwd: ROOT,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), AUTH_TOKENS: `bench=${TOKEN}`, LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
service.once('exit', (code, signal) => {
  if (code !== 0 && signal !== 'SIGTERM')
    process.stderr.write(`the service exited with ${code ?? signal}; its last lines:\n${lastLines.join('\n')}\n`);
});
const lastLines: string[] = [];
const converterMs: number[] = [];
const recognitionMs: number[] = [];
let pending = '';
service.stdout.on('data', (chunk: Buffer) => {
  pending += chunk.toString();
  const lines = pending.split('\n');
  pending = lines.pop()!;
  for (const line of lines) {
    if (line.includes('"converter rendered source"')) converterMs.push(JSON.parse(line).ms);
    if (line.includes('"extractor recognized text"')) recognitionMs.push(JSON.parse(line).ms);
    lastLines.push(line);
    if (lastLines.length > 20) lastLines.shift();
  }
});

/**
 * User + system CPU time of the service so far (/proc/<pid>/stat, in clock ticks of 10 ms); with `eventLoop`, of its
 * main thread alone (/proc/<pid>/task/<pid>/stat): the event loop every request and step shares.
 */
const serviceCpuMs = async (eventLoop = false): Promise<number> => {
  const stat = await readFile(eventLoop ? `/proc/${service.pid}/task/${service.pid}/stat` : `/proc/${service.pid}/stat`, 'utf8');
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return (utime! + stime!) * 10;
};

/** Each event's time after the one before it, by the recorded times of the document's history. */
const stepDeltas = async (documentId: string): Promise<Map<string, number>> => {
  const answer = await fetch(`${base}/${documentId}/events?page[size]=100`, { headers });
  const { data } = (await answer.json()) as { data: Array<{ attributes: { type: string; recorded_at: string } }> };
  const deltas = new Map<string, number>();
  data.forEach(({ attributes }, at) => {
    if (at > 0) deltas.set(attributes.type, Date.parse(attributes.recorded_at) - Date.parse(data[at - 1]!.attributes.recorded_at));
  });
  return deltas;
};

const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/vnd.api+json' };
try {
  for (const deadline = Date.now() + 120_000; ;) {
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('the service did not become ready');
    await new Promise((done) => setTimeout(done, 200));
  }
  const body = JSON.stringify({ data: { type: 'documents', attributes: { base64_files: [(await readFile(FILE)).toString('base64')] } } });
  const submitToDone = async (): Promise<{ ms: number; id: string }> => {
    const started = performance.now();
    const created = await fetch(base, { method: 'POST', headers, body });
    if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
    const { data } = (await created.json()) as { data: { id: string } };
    for (;;) {
      // A keep-alive connection the busy service closed as it was reused is asked again on a new one.
      const answer = await fetch(`${base}/${data.id}`, { headers }).catch(() => fetch(`${base}/${data.id}`, { headers }));
      const { data: document } = (await answer.json()) as { data: { attributes: { current_status: string } } };
      if (document.attributes.current_status === 'done') return { ms: performance.now() - started, id: data.id };
      if (document.attributes.current_status !== 'processing')
        throw new Error(`document ${data.id} ended ${document.attributes.current_status}`);
      await new Promise((done) => setTimeout(done, POLL_MS));
    }
  };
  const loadAtStart = loadavg();
  for (let run = 0; run < WARM_UP; run++) await submitToDone();
  converterMs.length = 0;
  recognitionMs.length = 0;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const eventLoopCpuTimes: number[] = [];
  const [cpuAtStart, eventLoopCpuAtStart] = [await serviceCpuMs(), await serviceCpuMs(true)];
  const deltasByStep = new Map<string, number[]>();
  for (let run = 0; run < RUNS; run++) {
    const [cpuBefore, eventLoopCpuBefore] = [await serviceCpuMs(), await serviceCpuMs(true)];
    const { ms, id } = await submitToDone();
    times.push(ms);
    cpuTimes.push((await serviceCpuMs()) - cpuBefore);
    eventLoopCpuTimes.push((await serviceCpuMs(true)) - eventLoopCpuBefore);
    const deltas = await stepDeltas(id);
    for (const [step, delta] of deltas) deltasByStep.set(step, [...(deltasByStep.get(step) ?? []), delta]);
    const steps = [...deltas].map(([step, delta]) => `${step} +${delta}`).join(', ');
    process.stderr.write(
      `run ${run + 1}/${RUNS}: ${ms.toFixed(0)} ms, CPU ${cpuTimes.at(-1)} ms, converter ${converterMs.at(-1) ?? '?'} ms, recognition ${recognitionMs.at(-1) ?? '?'} ms; ${steps}\n`,
    );
  }
  const perDocument = async (eventLoop: boolean, atStart: number) => ((await serviceCpuMs(eventLoop)) - atStart) / RUNS;
  const [cpuMean, eventLoopCpuMean] = [await perDocument(false, cpuAtStart), await perDocument(true, eventLoopCpuAtStart)];
  const ms = (value: number) => value.toFixed(0);
  const stepMedians = [...deltasByStep].map(([step, deltas]) => `${step} +${ms(percentile(deltas, 0.5))}`).join(', ');
  process.stdout.write(
    `${new Date().toISOString()} ${cpus().length} cores, load ${loadAtStart.map((value) => value.toFixed(1)).join(' ')}; ${ROOT}; ${FILE}\n` +
      `submit → done over ${RUNS} documents after ${WARM_UP} warm-up: p50 ${ms(percentile(times, 0.5))} ms, p90 ${ms(percentile(times, 0.9))} ms; ` +
      `converter step p50 ${ms(percentile(converterMs, 0.5))} ms, p90 ${ms(percentile(converterMs, 0.9))} ms; ` +
      `recognition step p50 ${ms(percentile(recognitionMs, 0.5))} ms, p90 ${ms(percentile(recognitionMs, 0.9))} ms; ` +
      `service CPU per document p50 ${ms(percentile(cpuTimes, 0.5))} ms, p90 ${ms(percentile(cpuTimes, 0.9))} ms, mean ${ms(cpuMean)} ms; ` +
      `its event loop's thread p50 ${ms(percentile(eventLoopCpuTimes, 0.5))} ms, mean ${ms(eventLoopCpuMean)} ms\n` +
      `each event after the one before it, p50 (ms): ${stepMedians}\n`,
  );
} finally {
  service.kill('SIGTERM');
  await new Promise((done) => service.once('exit', done));
  await rm(dataDir, { recursive: true, force: true });
}
