import { parseArgs } from 'node:util';
import { prepareInputs } from './inputs.js';
import { BenchClient, KontorUnderTest, buildKontor, THIS_CHECKOUT, type Tenant } from './kontor-under-test.js';
import { percentile, timeEach } from './measure.js';

/**
 * `npx tsx bench/service/cpu-probe.ts [--requests 3000] [--burst 200] [--cpu-prof DIR] [--node-option …] [--root CHECKOUT] [--built]`: the
 * service's CPU per request and per document, read from /proc apart from the machine's load, which on a shared
 * machine moves wall-clock figures several times more than CPU ones. Three measurements on one fresh service:
 * list requests (the HTTP shell), creates of tiny PDFs (at concurrency 32, as the creates row), and the
 * pipeline's CPU per tiny document until all of them are done. With `--cpu-prof`, the service's CPU profiles
 * go to DIR, for where the time goes; with `--root`, another checkout (built first) is measured, for a before and after.
 */
const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '3000' },
    burst: { type: 'string', default: '200' },
    work: { type: 'string', default: '/tmp/kontor-cpu-probe' },
    'cpu-prof': { type: 'string' },
    'node-option': { type: 'string', multiple: true, default: [] },
    root: { type: 'string', default: THIS_CHECKOUT },
    /** The checkout is built already (alternated runs of two checkouts spare a build each on a loaded machine). */
    built: { type: 'boolean', default: false },
  },
});
const monotonicMicros = () => process.hrtime.bigint() / 1000n;
const TENANT: Tenant = { id: 'bench-a', token: 'bench-a-token-0123456789' };
const CONCURRENCY = 32;

const inputs = await prepareInputs(`${args.work}/inputs`);
if (!args.built) await buildKontor(args.root);
const nodeOptions = [...(args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : []), ...args['node-option']];
const kontor = await KontorUnderTest.start(
  `${args.work}/data-${Date.now()}`,
  [TENANT],
  { TENANT_REQUESTS_PER_SECOND: '0', TENANT_DOCUMENTS_IN_FLIGHT: '0' },
  nodeOptions,
  args.root,
);
try {
  const client = new BenchClient(kontor.baseUrl, TENANT);
  const measure = async (label: string, count: number, request: () => Promise<unknown>) => {
    const [cpuBefore, clientBefore, started, startedMicros] = [
      await kontor.cpuMs(),
      process.cpuUsage(),
      performance.now(),
      monotonicMicros(),
    ];
    const latencies = await timeEach(count, CONCURRENCY, request);
    const seconds = (performance.now() - started) / 1000;
    // The service's profiles time their samples on the same monotonic clock: profile-window.ts cuts them to this window.
    if (args['cpu-prof']) console.log(`${label}: monotonic window ${startedMicros}-${monotonicMicros()} µs`);
    const [serverCpu, clientCpu] = [(await kontor.cpuMs()) - cpuBefore, process.cpuUsage(clientBefore)];
    console.log(
      `${label}: ${(count / seconds).toFixed(0)}/s, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms; ` +
        `server CPU ${(serverCpu / count).toFixed(2)} ms a request, this client ${((clientCpu.user + clientCpu.system) / 1000 / count).toFixed(2)} ms`,
    );
  };
  await measure('list requests (warm-up)', 200, () => client.list('?page[size]=1'));
  await measure('list requests', Number(args.requests), () => client.list('?page[size]=1'));
  const burst = Number(args.burst);
  const cpuBefore = await kontor.cpuMs();
  await measure('creates of tiny PDFs', burst, () => client.submit(inputs.tinyPdf));
  const created = performance.now();
  while ((await client.list('?filter[current_status]=done&page[size]=1')).total < burst)
    await new Promise((resolve) => setTimeout(resolve, 250));
  const seconds = (performance.now() - created) / 1000;
  const cpu = (await kontor.cpuMs()) - cpuBefore;
  console.log(
    `pipeline: ${burst} tiny documents done ${seconds.toFixed(1)} s after the last create (${(burst / seconds).toFixed(1)}/s); server CPU ${(cpu / burst).toFixed(0)} ms a document, its create included`,
  );
} finally {
  await kontor.stop();
}
