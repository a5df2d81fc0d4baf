import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { prepareInputs, readInput, type BenchInputs } from './inputs.js';
import { BenchClient, buildKontor, KontorUnderTest, THIS_CHECKOUT, type Tenant } from './kontor-under-test.js';
import { busiestThreads, commandMs, loadAverage, machine, median, percentile, timeEach, timed } from './measure.js';
import { seedCompletedDocuments } from './seed.js';
import { serviceModelsForCli, tesseractJsMs } from './ocr-engine-floor.js';

/**
 * `npm run bench:service`: the service as a user runs it (embedded, one process), measured against the
 * targets of issue 19 with the baselines (pdftotext, the tesseract CLI) timed in the same run.
 * `-- --smoke` runs every row at a small N (for CI); `-- --update-readme` writes the table into bench/README.md;
 * `-- --root <checkout>` builds and measures another checkout of the project (a before/after, in alternation);
 * `-- --cpu-prof <dir>` writes the single section's service CPU profile (node --cpu-prof) there when it stops.
 */
const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    'update-readme': { type: 'boolean', default: false },
    runs: { type: 'string' },
    burst: { type: 'string' },
    documents: { type: 'string' },
    'observe-seconds': { type: 'string' },
    work: { type: 'string', default: '/tmp/kontor-bench-service' },
    root: { type: 'string', default: THIS_CHECKOUT },
    'cpu-prof': { type: 'string' },
    /** Which parts to run: single (rows 1, 2), burst (rows 3, 4, 7, 8), scale (rows 5, 6). */
    sections: { type: 'string', default: 'single,burst,scale' },
  },
});
const sections = new Set(args.sections.split(','));
const smoke = args.smoke;
const settings = {
  /** Born-digital documents timed one after another (after one warm-up). */
  runs: Number(args.runs ?? (smoke ? 2 : 10)),
  scanRuns: smoke ? 1 : 3,
  /** Tiny documents of one tenant created at once (concurrency 32), then one of another tenant. */
  burst: Number(args.burst ?? (smoke ? 40 : 1000)),
  /** How long the burst's pipeline is watched for its throughput. */
  observeMs: Number(args['observe-seconds'] ?? (smoke ? 20 : 90)) * 1000,
  /** Synthetic completed documents the list and start-up rows run on. */
  documents: Number(args.documents ?? (smoke ? 500 : 100_000)),
  /** List requests timed per shape, one after another: 200 so that p99 is not just the slowest one. */
  queries: smoke ? 5 : 200,
};
const WORK = args.work;
const ROOT = path.resolve(args.root);
const TENANT_A: Tenant = { id: 'bench-a', token: 'bench-a-token-0123456789' };
const TENANT_B: Tenant = { id: 'bench-b', token: 'bench-b-token-0123456789' };
const TESSERACT_LANGUAGES = 'deu+eng+fra+ita';

interface Row {
  figure: string;
  target: string;
  measured: string;
  baseline: string;
  met: boolean | null;
}
const rows: Row[] = [];
const log = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${Math.round(value)} ms`;
const s = (value: number) => `${(value / 1000).toFixed(1)} s`;

const freshDir = async (name: string) => {
  const dir = path.join(WORK, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return dir;
};

const submitAndWait = async (client: BenchClient, file: Buffer, pollMs: number) => (await submitAndFollow(client, file, pollMs)).ms;

/** Submit → done, and the document's id to read its events. */
const submitAndFollow = async (client: BenchClient, file: Buffer, pollMs: number) => {
  const started = performance.now();
  const id = await client.submit(file);
  const { at, status } = await client.waitUntilFinished(id, pollMs);
  if (status !== 'done') throw new Error(`document ${id} ended ${status}`);
  return { ms: at - started, id };
};

/** Each event of the document with the time since the one before it (by recorded time): where its time went. */
const timeline = async (client: BenchClient, id: string) =>
  (await client.events(id))
    .map((event, at, events) => `${event.type} +${at === 0 ? 0 : event.recordedAt - events[at - 1]!.recordedAt}`)
    .join(', ');

/** Rows 1, 2 and the unloaded time of row 4: one document at a time on an idle service. */
const measureSingleDocuments = async (inputs: BenchInputs) => {
  const pdftotext = await commandMs('pdftotext', ['-layout', inputs.bornDigitalPdf, '-'], 5);
  const tesseract = await commandMs('tesseract', [inputs.scannedPage, 'stdout', '-l', TESSERACT_LANGUAGES], settings.scanRuns, {
    OMP_THREAD_LIMIT: '1',
  });
  const serviceModels = await serviceModelsForCli(TESSERACT_LANGUAGES.split('+'));
  const tesseractOnServiceModels = await commandMs(
    'tesseract',
    [inputs.scannedPage, 'stdout', '-l', TESSERACT_LANGUAGES],
    settings.scanRuns,
    {
      OMP_THREAD_LIMIT: '1',
      TESSDATA_PREFIX: serviceModels,
    },
  ).finally(() => rm(serviceModels, { recursive: true, force: true }));
  const engineFloor = await tesseractJsMs(inputs.scannedPage, TESSERACT_LANGUAGES.split('+'), settings.scanRuns);
  log(
    `baselines: pdftotext ${ms(pdftotext.ms)}, tesseract ${ms(tesseract.ms)} (CPU ${ms(tesseract.cpuMs)}), on the service's models ${ms(tesseractOnServiceModels.ms)} (CPU ${ms(tesseractOnServiceModels.cpuMs)}), tesseract.js alone ${ms(engineFloor.ms)} (CPU ${ms(engineFloor.cpuMs)})`,
  );

  const profiling = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(args['cpu-prof'])] : [];
  const kontor = await KontorUnderTest.start(await freshDir('single'), [TENANT_A, TENANT_B], {}, profiling, ROOT);
  try {
    const a = new BenchClient(kontor.baseUrl, TENANT_A);
    const b = new BenchClient(kontor.baseUrl, TENANT_B);
    const pdf = await readInput(inputs.bornDigitalPdf);
    const scan = await readInput(inputs.scannedPage);
    await submitAndWait(a, pdf, 20);
    await submitAndWait(a, scan, 50);
    const bornDigital: number[] = [];
    for (let run = 0; run < settings.runs; run++) bornDigital.push(await submitAndWait(a, pdf, 20));
    const scanned: number[] = [];
    const scannedCpu: number[] = [];
    // The busiest thread's CPU time is what the scan takes at the least when every thread has a core of its own.
    const busiestThreadCpu: number[] = [];
    for (let run = 0; run < settings.scanRuns; run++) {
      const [cpuBefore, threadsBefore] = [await kontor.cpuMs(), await kontor.threadCpuMs()];
      const { ms: took, id } = await submitAndFollow(a, scan, 50);
      scanned.push(took);
      scannedCpu.push((await kontor.cpuMs()) - cpuBefore);
      const threads = busiestThreads(threadsBefore, await kontor.threadCpuMs());
      busiestThreadCpu.push(threads[0]!);
      log(
        `scanned run ${run + 1}: ${ms(took)}, service CPU ${ms(scannedCpu.at(-1)!)} (busiest threads ${threads.slice(0, 4).map(ms).join(', ')}); ${await timeline(a, id)}`,
      );
    }
    const tiny: number[] = [];
    for (let run = 0; run < 3; run++) tiny.push(await submitAndWait(b, inputs.tinyPdf, 20));
    const memory = await kontor.memoryMb();
    log(
      `born-digital p50 ${ms(median(bornDigital))}, scanned p50 ${ms(median(scanned))}, tiny ${ms(median(tiny))}, peak RSS ${Math.round(memory.peak)} MB`,
    );
    rows.push({
      figure: 'born-digital 1-page PDF, submit → done, p50 (embedded, warm)',
      target: '≤ 300 ms',
      measured: `${ms(median(bornDigital))} (n=${settings.runs}, min ${ms(Math.min(...bornDigital))})`,
      baseline: `pdftotext ${ms(pdftotext.ms)}`,
      met: median(bornDigital) <= 300,
    });
    const ratio = median(scanned) / tesseract.ms;
    rows.push({
      figure: 'scanned page (300 dpi), submit → done vs tesseract CLI, same languages',
      target: '≤ 1.15×',
      measured: `${ms(median(scanned))} = ${ratio.toFixed(2)}× (n=${settings.scanRuns}; ${(median(scanned) / tesseractOnServiceModels.ms).toFixed(2)}× the CLI on the service's models); service CPU ${ms(median(scannedCpu))} = ${(median(scannedCpu) / tesseract.cpuMs).toFixed(2)}× the CLI's, its busiest thread ${ms(median(busiestThreadCpu))}`,
      baseline: `tesseract -l ${TESSERACT_LANGUAGES}, OMP_THREAD_LIMIT=1: ${ms(tesseract.ms)} (CPU ${ms(tesseract.cpuMs)}), Debian's fast models; the same on the service's models (npm, best_int): ${ms(tesseractOnServiceModels.ms)} (CPU ${ms(tesseractOnServiceModels.cpuMs)}); the service's engine alone (tesseract.js, one recognition in a warm worker): ${ms(engineFloor.ms)} = ${(engineFloor.ms / tesseract.ms).toFixed(2)}× (CPU ${ms(engineFloor.cpuMs)})`,
      met: ratio <= 1.15,
    });
    return { unloadedTinyMs: median(tiny), peakMb: memory.peak };
  } catch (error) {
    log(`Kontor ${kontor.diagnosis}`);
    throw error;
  } finally {
    await kontor.stop();
  }
};

/**
 * The burst and list rows measure the service's capacity, so one tenant may use all of it: the per-tenant
 * request rate (100/s by default) and documents in flight (500) would otherwise answer part of them 429.
 */
const WITHOUT_TENANT_LIMITS = { TENANT_REQUESTS_PER_SECOND: '0', TENANT_DOCUMENTS_IN_FLIGHT: '0' };

/** Rows 3, 4, 7 and 8: a burst of creates from one tenant, then one document of another tenant. */
const measureBurst = async (inputs: BenchInputs, unloadedTinyMs: number, singlePeakMb: number) => {
  const kontor = await KontorUnderTest.start(await freshDir('burst'), [TENANT_A, TENANT_B], WITHOUT_TENANT_LIMITS, [], ROOT);
  try {
    const a = new BenchClient(kontor.baseUrl, TENANT_A);
    const b = new BenchClient(kontor.baseUrl, TENANT_B);
    const burstStarted = performance.now();
    const submittedAt: number[] = [];
    const latencies = await timeEach(settings.burst, 32, async (index) => {
      await a.submit(inputs.tinyPdf);
      submittedAt[index] = performance.now();
    });
    const createSeconds = (performance.now() - burstStarted) / 1000;
    const createsPerSecond = settings.burst / createSeconds;
    log(`creates: ${createsPerSecond.toFixed(0)}/s, p99 ${ms(percentile(latencies, 99))}`);
    rows.push({
      figure: `creates/s, tiny PDFs, concurrency 32 (${settings.burst} creates)`,
      target: '≥ 1,000/s, p99 ≤ 50 ms',
      measured: `${createsPerSecond.toFixed(0)}/s, p99 ${ms(percentile(latencies, 99))}`,
      baseline: '–',
      met: createsPerSecond >= 1000 && percentile(latencies, 99) <= 50,
    });

    const other = await timed(() => submitAndWait(b, inputs.tinyPdf, 20));
    log(`other tenant's document: ${ms(other.value)} (unloaded ${ms(unloadedTinyMs)})`);
    rows.push({
      figure: `burst of ${settings.burst} documents from one tenant, then one document from another`,
      target: 'done within 2× its unloaded time',
      measured: `${ms(other.value)} = ${(other.value / unloadedTinyMs).toFixed(1)}×`,
      baseline: `the same document unloaded: ${ms(unloadedTinyMs)}`,
      met: other.value <= 2 * unloadedTinyMs,
    });

    let firstDoneAfter: number | null = null;
    let done = 0;
    const firstSubmitted = submittedAt[0] ?? burstStarted;
    while (performance.now() - burstStarted < settings.observeMs && done < settings.burst) {
      done = (await a.list('?filter[current_status]=done&page[size]=1')).total;
      if (done > 0 && firstDoneAfter === null) firstDoneAfter = performance.now() - firstSubmitted;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const watchedSeconds = (performance.now() - burstStarted) / 1000;
    const memory = await kontor.memoryMb();
    log(
      `first done after ${firstDoneAfter === null ? 'never' : ms(firstDoneAfter)}; ${done} done in ${watchedSeconds.toFixed(0)} s; peak RSS ${Math.round(memory.peak)} MB`,
    );
    rows.push({
      figure: `burst of ${settings.burst} creates: first documents done; pipeline throughput on tiny PDFs`,
      target: 'first done ≤ 10 s after submission; ≥ 10 documents/s',
      measured: `first done after ${firstDoneAfter === null ? `none in ${watchedSeconds.toFixed(0)} s` : s(firstDoneAfter)}; ${(done / watchedSeconds).toFixed(1)} documents/s (${done} done in ${watchedSeconds.toFixed(0)} s)`,
      baseline: '–',
      met: firstDoneAfter !== null && firstDoneAfter <= 10_000 && done / watchedSeconds >= 10,
    });
    const peak = Math.max(memory.peak, singlePeakMb);
    rows.push({
      figure: 'peak RSS while processing (default settings)',
      target: '≤ 1.5 GB',
      measured: `${Math.round(peak)} MB`,
      baseline: '–',
      met: peak <= 1536,
    });
  } catch (error) {
    log(`Kontor ${kontor.diagnosis}`);
    throw error;
  } finally {
    await kontor.stop();
  }
};

const LIST_QUERIES: Array<[string, string]> = [
  ['plain', ''],
  ['amount range', '?filter[accounting_document.amount_total_range]=100..2000'],
  ['fuzzy company', '?filter[sender_address.company_name_fuzzy]=muller'],
  ['sorted by invoice date, page 200', '?sort=-accounting_document.invoice_date&page[number]=200'],
];

/** Rows 5 and 6 on a data directory seeded with synthetic completed documents (made once, then copied). */
const measureAtScale = async () => {
  const seeded = path.join(WORK, `seeded-${settings.documents}`);
  if (!(await stat(path.join(seeded, 'events')).catch(() => null))) {
    log(`seeding ${settings.documents} documents into ${seeded} (once) …`);
    const took = await timed(() =>
      seedCompletedDocuments({ environment: { DATA_DIR: seeded }, documents: settings.documents, tenants: [TENANT_A.id] }),
    );
    log(`seeded in ${s(took.ms)}`);
  }
  const dataDir = path.join(WORK, 'scale');
  await rm(dataDir, { recursive: true, force: true });
  await cp(seeded, dataDir, { recursive: true });
  const first = await KontorUnderTest.start(dataDir, [TENANT_A], {}, [], ROOT);
  const [firstMemory, firstCpuMs] = await Promise.all([first.memoryMb(), first.cpuMs()]);
  await first.stop();
  const kontor = await KontorUnderTest.start(dataDir, [TENANT_A], WITHOUT_TENANT_LIMITS, [], ROOT);
  try {
    const [memory, cpuMs] = await Promise.all([kontor.memoryMb(), kontor.cpuMs()]);
    log(
      `start-up at ${settings.documents} documents: first ${s(first.startupMs)} (CPU ${s(firstCpuMs)}, ${Math.round(firstMemory.peak)} MB), again ${s(kontor.startupMs)} (CPU ${s(cpuMs)}, ${Math.round(memory.rss)} MB)`,
    );
    rows.push({
      figure: `embedded start-up to ready at ${settings.documents} documents (${settings.documents * 7} events); memory`,
      target: '≤ 5 s; ≤ 1 GB',
      measured: `${s(kontor.startupMs)} (CPU ${s(cpuMs)}), ${Math.round(memory.rss)} MB (first start on the seeded log: ${s(first.startupMs)}, CPU ${s(firstCpuMs)}, peak ${Math.round(firstMemory.peak)} MB)`,
      baseline: '–',
      met: kontor.startupMs <= 5000 && memory.rss <= 1024,
    });
    const client = new BenchClient(kontor.baseUrl, TENANT_A);
    const results: string[] = [];
    let worst = 0;
    for (const [name, query] of LIST_QUERIES) {
      await client.list(query);
      const durations = await timeEach(settings.queries, 1, () => client.list(query));
      const p99 = percentile(durations, 99);
      worst = Math.max(worst, p99);
      results.push(`${name} ${ms(p99)}`);
      log(`list ${name}: p50 ${ms(median(durations))}, p99 ${ms(p99)}`);
    }
    rows.push({
      figure: `list p99 at ${settings.documents} documents (embedded; ${settings.queries} requests each)`,
      target: '≤ 20 ms',
      measured: results.join('; '),
      baseline: '–',
      met: worst <= 20,
    });
  } catch (error) {
    log(`Kontor ${kontor.diagnosis}`);
    throw error;
  } finally {
    await kontor.stop();
  }
};

const renderTable = () =>
  [
    '| figure | target | measured | baseline, same run | met |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) => `| ${row.figure} | ${row.target} | ${row.measured} | ${row.baseline} | ${row.met === null ? '–' : row.met ? 'yes' : 'no'} |`,
    ),
  ].join('\n');

const START = '<!-- service-results:start -->';
const END = '<!-- service-results:end -->';

const updateReadme = async (section: string) => {
  const readme = path.resolve(import.meta.dirname, '../README.md');
  const text = await readFile(readme, 'utf8');
  const begin = text.indexOf(START);
  const end = text.indexOf(END);
  if (begin < 0 || end < 0) throw new Error(`bench/README.md lacks the ${START} … ${END} markers`);
  await writeFile(readme, `${text.slice(0, begin + START.length)}\n${section}\n${text.slice(end)}`);
};

const loadBefore = loadAverage();
const startedAt = new Date().toISOString();
const inputs = await prepareInputs(path.join(WORK, 'inputs'));
log('building dist/ as npm start does …');
await buildKontor(ROOT);
if (sections.has('single') || sections.has('burst')) {
  const single = await measureSingleDocuments(inputs);
  if (sections.has('burst')) await measureBurst(inputs, single.unloadedTinyMs, single.peakMb);
}
if (sections.has('scale')) await measureAtScale();
const header = `Date: ${startedAt}; machine: ${machine()};${ROOT === THIS_CHECKOUT ? '' : ` checkout: ${ROOT};`} load average (1/5/15 min) ${loadBefore} at the start, ${loadAverage()} at the end (the machine is shared); command: \`npm run bench:service -- ${process.argv.slice(2).join(' ')}\`.`;
const section = [header, '', renderTable()].join('\n');
log(`\n${section}`);
if (args['update-readme']) await updateReadme(section);
