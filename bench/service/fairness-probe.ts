import { parseArgs } from 'node:util';
import { prepareInputs } from './inputs.js';
import { BenchClient, KontorUnderTest, buildKontor, THIS_CHECKOUT, type Tenant } from './kontor-under-test.js';
import { timeEach } from './measure.js';

/**
 * `npx tsx bench/service/fairness-probe.ts [--burst 300] [--env NAME=VALUE,…]`: where a second tenant's
 * document waits behind a burst. Times one tiny PDF of tenant B on the idle service, then after a burst of
 * tenant A, and prints each of its events' delay after the one before (its stream, as the API gives it),
 * with the server's CPU time meanwhile (from /proc, apart from the machine's load).
 */
const { values: args } = parseArgs({
  options: {
    burst: { type: 'string', default: '300' },
    env: { type: 'string', default: '' },
    work: { type: 'string', default: '/tmp/kontor-fairness-probe' },
  },
});
const TENANT_A: Tenant = { id: 'bench-a', token: 'bench-a-token-0123456789' };
const TENANT_B: Tenant = { id: 'bench-b', token: 'bench-b-token-0123456789' };
const environment = Object.fromEntries(
  args.env
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]),
);

/** `Type+ms` for each event of the document: how long after the previous one (the first: after `since`) it was recorded. */
const stepDelays = async (kontor: KontorUnderTest, tenant: Tenant, documentId: string, since: number) => {
  const response = await fetch(`${kontor.baseUrl}/v1/${tenant.id}/documents/${documentId}/events?page[size]=100`, {
    headers: { Authorization: `Bearer ${tenant.token}`, Accept: 'application/vnd.api+json' },
  });
  const body = (await response.json()) as { data: Array<{ attributes: { type: string; recorded_at: string } }> };
  let previous = since;
  return body.data
    .map(({ attributes }) => {
      const at = Date.parse(attributes.recorded_at);
      const delay = at - previous;
      previous = at;
      return `${attributes.type}+${delay}`;
    })
    .join(' ');
};

const inputs = await prepareInputs(`${args.work}/inputs`);
await buildKontor(THIS_CHECKOUT);
const kontor = await KontorUnderTest.start(`${args.work}/data-${Date.now()}`, [TENANT_A, TENANT_B], {
  TENANT_REQUESTS_PER_SECOND: '0',
  TENANT_DOCUMENTS_IN_FLIGHT: '0',
  ...environment,
});
try {
  const a = new BenchClient(kontor.baseUrl, TENANT_A);
  const b = new BenchClient(kontor.baseUrl, TENANT_B);
  const timeOne = async (label: string) => {
    const [since, cpuBefore] = [Date.now(), await kontor.cpuMs()];
    const documentId = await b.submit(inputs.tinyPdf);
    await b.waitUntilFinished(documentId, 20);
    const cpu = (await kontor.cpuMs()) - cpuBefore;
    console.log(`${label}: ${Date.now() - since} ms (server CPU ${cpu} ms) ${await stepDelays(kontor, TENANT_B, documentId, since)}`);
  };
  for (let run = 1; run <= 3; run++) await timeOne(`unloaded ${run}`);
  const burst = Number(args.burst);
  const [started, cpuBefore] = [performance.now(), await kontor.cpuMs()];
  await timeEach(burst, 32, () => a.submit(inputs.tinyPdf));
  const seconds = (performance.now() - started) / 1000;
  const cpuPerCreate = ((await kontor.cpuMs()) - cpuBefore) / burst;
  console.log(`burst of ${burst}: ${(burst / seconds).toFixed(0)} creates/s, server CPU ${cpuPerCreate.toFixed(1)} ms per create`);
  await timeOne('after the burst');
} finally {
  await kontor.stop();
}
