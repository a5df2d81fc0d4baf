import { mkdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import express from 'express';
import { openSqliteReadModel } from '../../shared/adapters/embedded/sqlite-read-model.js';
import { openMongoReadModel } from '../../shared/adapters/mongo/mongo-read-model.js';
import type { DocumentReadModel } from '../../shared/ports/document-read-model.js';
import { createQueryRouter, parseDocumentQuery } from '../../services/query/index.js';
import { loadAverage, machine, percentile } from '../service/measure.js';
import { syntheticViews } from './synthetic-views.js';

/**
 * The list queries of issue 19 against a read model filled directly through its port (no pipeline):
 * `npm run bench:lists -- --documents 100000 [--mongo-url mongodb://…] [--requests 100]`.
 * Each shape is timed at the adapter (`find`) and over HTTP through the query service's router;
 * wall-clock p50/p99 and this process's CPU time per request (user + system) are printed.
 */
const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '100000' },
    'other-tenant-documents': { type: 'string', default: '10000' },
    requests: { type: 'string', default: '100' },
    'mongo-url': { type: 'string' },
    work: { type: 'string', default: '/tmp/kontor-bench-lists' },
    adapters: { type: 'string', default: 'sqlite,mongo' },
    /** Lists the views a previous run left in --work (SQLite) or the database named by --mongo-database, instead of filling anew. */
    reuse: { type: 'boolean', default: false },
    'mongo-database': { type: 'string' },
  },
});
const DOCUMENTS = Number(values.documents);
const OTHER_DOCUMENTS = Number(values['other-tenant-documents']);
const REQUESTS = Number(values.requests);
const TENANT = 'bench-a';
const OTHER_TENANT = 'bench-b';

/** The shapes of issue 19's row, and one that combines filters with a sort. */
const SHAPES: Array<[string, Record<string, unknown>]> = [
  ['plain', {}],
  ['amount range', { filter: { 'accounting_document.amount_total_range': '100..2000' } }],
  ['fuzzy company', { filter: { 'sender_address.company_name_fuzzy': 'muller' } }],
  ['sorted by invoice date, page 200', { sort: '-accounting_document.invoice_date', page: { number: '200' } }],
  [
    'combined: fuzzy company, amount range, currency, by invoice date, page 3',
    {
      filter: {
        'sender_address.company_name_fuzzy': 'muller',
        'accounting_document.amount_total_range': '100..2000',
        'accounting_document.currency': 'CHF',
      },
      sort: '-accounting_document.invoice_date',
      page: { number: '3' },
    },
  ],
];

const log = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(1)} ms`;

const fill = async (model: DocumentReadModel) => {
  const viewOf = syntheticViews();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const total = DOCUMENTS + OTHER_DOCUMENTS;
  const BATCH = 1000;
  for (let index = 0; index < total; index += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, total - index) }, (_, offset) =>
      viewOf(index + offset, index + offset < DOCUMENTS ? TENANT : OTHER_TENANT),
    );
    // One write at a time, as the one projector writes (FerretDB's SQLite backend refuses concurrent ones).
    for (const view of batch) await model.upsert(view);
    await model.saveCheckpoint(index + batch.length);
  }
  const used = process.cpuUsage(cpu);
  return `${total} views in ${ms(performance.now() - started)} (CPU ${ms((used.user + used.system) / 1000)})`;
};

interface Figures {
  p50: number;
  p99: number;
  cpuMs: number;
  total: number;
}

/** Times `work` one request at a time; `before` runs ahead of each request, untimed. */
const timeRequests = async (work: () => Promise<number>, before?: () => Promise<void>): Promise<Figures> => {
  for (let warm = 0; warm < 3; warm++) await work();
  const durations: number[] = [];
  let cpuMicros = 0;
  let total = 0;
  for (let request = 0; request < REQUESTS; request++) {
    await before?.();
    const cpu = process.cpuUsage();
    const started = performance.now();
    total = await work();
    durations.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuMicros += used.user + used.system;
  }
  return { p50: percentile(durations, 50), p99: percentile(durations, 99), cpuMs: cpuMicros / 1000 / REQUESTS, total };
};

/** The query router as the services mount it, the tenant taken from the path instead of a token. */
const serve = async (model: DocumentReadModel) => {
  const app = express();
  app.use(
    '/v1/:tenant',
    (request, response, next) => {
      response.locals.tenantId = request.params.tenant;
      next();
    },
    createQueryRouter(
      {
        readModel: model,
        lookup: (tenantId, documentId) => model.get(tenantId, documentId),
        lookupAsOf: () => Promise.reject(new Error('not benchmarked')),
        blobs: undefined as never,
      },
      { publicBaseUrl: null },
    ),
  );
  const server = app.listen(0, '127.0.0.1');
  // Longer than a shape's adapter timing, so fetch's kept-alive connection is still open for the HTTP timing.
  server.keepAliveTimeout = 600_000;
  await new Promise((resolve) => server.once('listening', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/${TENANT}`, close: () => server.close() };
};

const searchOf = (parameters: Record<string, unknown>): string => {
  const search = new URLSearchParams();
  const add = (prefix: string, value: unknown) => {
    if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) add(`${prefix}[${key}]`, inner);
    else search.append(prefix, String(value));
  };
  for (const [name, value] of Object.entries(parameters)) add(name, value);
  return search.size ? `?${search}` : '';
};

const measure = async (name: string, model: DocumentReadModel) => {
  const http = await serve(model);
  // A write between requests, as a projector at work makes them: nothing a query answered before stays valid.
  const viewOf = syntheticViews();
  let written = 0;
  const write = async () => {
    await model.upsert(viewOf(written++, OTHER_TENANT));
    await model.saveCheckpoint(written);
  };
  try {
    log(
      `\n${name}: ${DOCUMENTS} documents of tenant ${TENANT} (+${OTHER_DOCUMENTS} of another tenant), ${REQUESTS} requests a shape, one at a time`,
    );
    log('| shape | matches | adapter p50 / p99, CPU | after a write: adapter p50 / p99, CPU | HTTP p50 / p99, CPU (server and client) |');
    log('|---|---:|---:|---:|---:|');
    const figures = (timed: Figures) => `${ms(timed.p50)} / ${ms(timed.p99)}, ${ms(timed.cpuMs)}`;
    for (const [shape, parameters] of SHAPES) {
      const { query } = parseDocumentQuery(parameters);
      const find = async () => (await model.find(TENANT, query)).total;
      const adapter = await timeRequests(find);
      const afterWrite = await timeRequests(find, write);
      const url = `${http.baseUrl}/documents${searchOf(parameters)}`;
      const overHttp = await timeRequests(async () => {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
        return ((await response.json()) as { meta: { total: number } }).meta.total;
      });
      log(`| ${shape} | ${adapter.total} | ${figures(adapter)} | ${figures(afterWrite)} | ${figures(overHttp)} |`);
    }
  } finally {
    http.close();
  }
};

const adapters = values.adapters.split(',');
log(`${new Date().toISOString()}; ${machine()}; load average ${loadAverage()}`);
if (adapters.includes('sqlite')) {
  const directory = path.join(values.work, 'sqlite');
  if (!values.reuse) await rm(directory, { recursive: true, force: true });
  await mkdir(directory, { recursive: true });
  const opening = performance.now();
  const model = await openSqliteReadModel(directory);
  log(`sqlite: opened in ${ms(performance.now() - opening)}`);
  try {
    if (!values.reuse) log(`sqlite: filled ${await fill(model)}`);
    await measure('sqlite (embedded)', model);
  } finally {
    await model.close();
  }
}
if (adapters.includes('mongo') && values['mongo-url']) {
  const database = values['mongo-database'] ?? `bench_lists_${DOCUMENTS}`;
  const model = await openMongoReadModel({ url: values['mongo-url'], database });
  try {
    if (!values.reuse) log(`mongo: filled ${database} with ${await fill(model)}`);
    await measure(`mongo (${values['mongo-url']})`, model);
  } finally {
    await model.close();
  }
}
log(`load average at the end ${loadAverage()}`);
