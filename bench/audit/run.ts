import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createMemoryReadModel } from '../../shared/adapters/embedded/memory-read-model.js';
import { sqliteReadModelVersions } from '../../shared/adapters/embedded/sqlite-read-model-versions.js';
import { createTokenRegistry } from '../../shared/auth/token-registry.js';
import { AdaptersConfig } from '../../shared/config/adapters-config.js';
import { createApiApp } from '../../shared/http/create-api-app.js';
import { createLogger } from '../../shared/logging/logger.js';
import { createPortFactory } from '../../shared/runtime/port-factory.js';
import { replayIntoReadModel, replayLogInParts, type ReplayProgress } from '../../services/projector/index.js';
import { createAsOfLookup, createFreshDocumentLookup, createHistoryRouter, createQueryRouter } from '../../services/query/index.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import { measureReplayFloor } from './replay-floor.js';
import { seedDataDir } from './seed-data-dir.js';
import { seedCompletedDocuments } from './synthetic-streams.js';

/**
 * The auditor's side, measured on the embedded adapters: opening the event log (with and without its index
 * snapshot) and rebuilding the SQLite read model from the whole log (events/s, at 100k documents by default), and reading a 50-event document's history and a past
 * state of it over HTTP (p50, p95). Seeded data directories are kept under the temp directory and
 * reused by later runs (seeding 100k documents takes about two minutes; it is not timed).
 *
 *   npm run bench:audit                                  # 100k plain + 2k sealed documents
 *   npm run bench:audit -- --documents 20000 --sealed-documents 1000 --requests 100
 */
const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '100000' },
    'sealed-documents': { type: 'string', default: '2000' },
    requests: { type: 'string', default: '200' },
    fresh: { type: 'boolean', default: false },
  },
});

const TENANT = 'bench';
const TOKEN = 'bench-token-0123456789';
const logger = createLogger('bench', 'warn');
const options = { estimatedSecondsPerFile: 30 };

/** A data directory of `documents` completed 7-event documents (sealed: encrypted and chained), seeded once. */
const seededDataDir = async (documents: number, sealed: boolean): Promise<string> => {
  const dataDir = path.join(tmpdir(), `kontor-bench-audit-${documents}-${sealed ? 'sealed' : 'plain'}`);
  if (args.fresh) await rm(dataDir, { recursive: true, force: true });
  if (existsSync(path.join(dataDir, 'events', 'events.ndjson'))) return dataDir;
  const started = Date.now();
  await seedDataDir(dataDir, {
    tenantId: TENANT,
    documents,
    sealed,
    onProgress: (done) => process.stderr.write(`\rseeded ${done} documents`),
  });
  console.error(
    `\rseeded ${documents} ${sealed ? 'sealed' : 'plain'} documents in ${((Date.now() - started) / 1000).toFixed(0)} s into ${dataDir}`,
  );
  return dataDir;
};

const cpuSecondsSince = (before: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
};

/** Opens the event log with the port factory's stack, timed (wall and CPU), and closes it again. */
const timeOpen = async (dataDir: string): Promise<{ ms: number; cpuSeconds: number }> => {
  const ports = createPortFactory(AdaptersConfig.parse({ DATA_DIR: dataDir }), logger);
  try {
    const cpuBefore = process.cpuUsage();
    const started = Date.now();
    await ports.store();
    return { ms: Date.now() - started, cpuSeconds: cpuSecondsSince(cpuBefore) };
  } finally {
    await ports.close();
  }
};

interface Rebuild {
  /** Opening the log without its index snapshot (removed first, as a log written before snapshots): the whole log is indexed. */
  firstOpen: { ms: number; cpuSeconds: number };
  /** Opening it again (from the index snapshot written when it was closed). */
  open: { ms: number; cpuSeconds: number };
  replay: ReplayProgress;
  cpuSeconds: number;
}

/**
 * What `npm run read-model -- rebuild` does with Kontor stopped: replays the whole log into a new SQLite
 * read model version, in parts (one worker thread per core), and promotes it; CPU time counts every thread. The opens of the log before it are timed apart.
 */
const measureRebuild = async (dataDir: string): Promise<Rebuild> => {
  await rm(path.join(dataDir, 'events', 'events.index'), { force: true });
  const firstOpen = await timeOpen(dataDir);
  const open = await timeOpen(dataDir);
  const ports = createPortFactory(AdaptersConfig.parse({ DATA_DIR: dataDir }), logger);
  try {
    const store = await ports.store();
    const versions = sqliteReadModelVersions(dataDir);
    const cpuBefore = process.cpuUsage();
    const readModel = await versions.openNext();
    const prefill = replayLogInParts(dataDir, readModel, { view: options, workDirectory: versions.scratchDirectory() });
    const replay = await replayIntoReadModel({ store, readModel, logger }, { ...options, prefill });
    const done = await replay.caughtUp();
    await replay.stop();
    await readModel.close();
    await versions.promote(readModel);
    return { firstOpen, open, replay: done, cpuSeconds: cpuSecondsSince(cpuBefore) };
  } finally {
    await ports.close();
  }
};

const seedDocumentOf50Events = (store: EventStore) =>
  seedCompletedDocuments(store, { tenantId: TENANT, documents: 1, eventsPerDocument: 50, concurrency: 1 });

const percentile = (samples: number[], fraction: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
};

/** p50 and p95 in ms of `requests` GETs of `url`, after a few to warm up. */
const timeRequests = async (url: string, requests: number) => {
  const get = async () => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/vnd.api+json' } });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
  };
  for (let warmUp = 0; warmUp < 10; warmUp++) await get();
  const samples: number[] = [];
  for (let index = 0; index < requests; index++) {
    const started = process.hrtime.bigint();
    await get();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
};

/** History and as-of reads of a 50-event document, over HTTP through the query routes, on a sealed store. */
const measureReads = async (dataDir: string, requests: number) => {
  const ports = createPortFactory(AdaptersConfig.parse({ DATA_DIR: dataDir }), logger);
  try {
    const [store, blobs] = await Promise.all([ports.store(), ports.blobs()]);
    const readModel = createMemoryReadModel();
    const [documentId] = await seedDocumentOf50Events(store);
    const app = createApiApp({
      logger,
      tokens: createTokenRegistry({ authTokens: `${TENANT}=${TOKEN}`, tokenFile: null }),
      requestsPerSecondPerTenant: 0,
      maxBodyBytes: 1 << 20,
      isReady: () => true,
      tenantRouters: [
        createQueryRouter(
          { readModel, blobs, lookup: createFreshDocumentLookup(readModel, store, options), lookupAsOf: createAsOfLookup(store, options) },
          { publicBaseUrl: null },
        ),
        createHistoryRouter({ store, blobs }, { publicBaseUrl: null }),
      ],
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/${TENANT}/documents/${documentId}`;
    try {
      return {
        history: await timeRequests(`${base}/events?page[size]=50`, requests),
        asOf: await timeRequests(`${base}?as_of=25&include=accounting_document,sender_address,receiver_address`, requests),
      };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  } finally {
    await ports.close();
  }
};

const documents = Number(args.documents);
const sealedDocuments = Number(args['sealed-documents']);
const plainDir = await seededDataDir(documents, false);
const sealedDir = await seededDataDir(sealedDocuments, true);
const loadAtStart = loadavg();
const plain = await measureRebuild(plainDir);
console.error(`rebuild, ${documents} plain documents: ${Math.round(plain.replay.eventsPerSecond)} events/s`);
const sealed = await measureRebuild(sealedDir);
console.error(`rebuild, ${sealedDocuments} sealed documents: ${Math.round(sealed.replay.eventsPerSecond)} events/s`);
const plainFloor = await measureReplayFloor(plainDir);
const sealedFloor = await measureReplayFloor(sealedDir);
const reads = await measureReads(sealedDir, Number(args.requests));
const loadAtEnd = loadavg();

const cpuModel =
  (await readFile('/proc/cpuinfo', 'utf8').catch(() => '')).match(/model name\s*:\s*(.*)/)?.[1] ?? cpus()[0]?.model ?? 'unknown CPU';
const rate = (progress: ReplayProgress) => Math.round(progress.eventsPerSecond).toLocaleString('en');
/** Events per second of CPU time the process used (user + system, all its threads): what a dedicated core would give. */
const cpuRate = ({ replay, cpuSeconds }: { replay: ReplayProgress; cpuSeconds: number }) =>
  Math.round(replay.events / cpuSeconds).toLocaleString('en');
const floorRate = (micros: number) => Math.round(1e6 / micros).toLocaleString('en');
const seconds = ({ ms, cpuSeconds }: { ms: number; cpuSeconds: number }) => `${(ms / 1000).toFixed(2)} s (CPU ${cpuSeconds.toFixed(2)} s)`;
console.log(
  [
    `Date: ${new Date().toISOString()}; machine: ${cpus().length} cores (nproc), ${cpuModel}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM; ` +
      `load average (1/5/15 min) ${loadAtStart.map((value) => value.toFixed(1)).join(' ')} at the start, ${loadAtEnd.map((value) => value.toFixed(1)).join(' ')} at the end; Node ${process.version}.`,
    '',
    '| measure | result | per CPU second |',
    '|---|---:|---:|',
    `| rebuild, ${documents.toLocaleString('en')} documents (${plain.replay.events.toLocaleString('en')} events, payloads not encrypted) into a new SQLite read model | ${rate(plain.replay)} events/s (${(plain.replay.elapsedMs / 1000).toFixed(1)} s) | ${cpuRate(plain)} events |`,
    `| rebuild, ${sealedDocuments.toLocaleString('en')} documents (${sealed.replay.events.toLocaleString('en')} events, encrypted per document) into a new SQLite read model | ${rate(sealed.replay)} events/s (${(sealed.replay.elapsedMs / 1000).toFixed(1)} s) | ${cpuRate(sealed)} events |`,
    `| floor: parsing each stored line alone, plain log (${plainFloor.parseMicros.toFixed(1)} µs per event) | | ${floorRate(plainFloor.parseMicros)} events |`,
    `| floor: parsing each line and decrypting its payload alone, sealed log (${sealedFloor.parseMicros.toFixed(1)} + ${sealedFloor.decryptMicros.toFixed(1)} µs per event) | | ${floorRate(sealedFloor.parseMicros + sealedFloor.decryptMicros)} events |`,
    `| opening the ${plain.replay.events.toLocaleString('en')}-event log without an index snapshot (the whole log is indexed) | ${seconds(plain.firstOpen)} | |`,
    `| opening it again (from the index snapshot written at close, then the log's tail) | ${seconds(plain.open)} | |`,
    `| opening the ${sealed.replay.events.toLocaleString('en')}-event sealed log without / with its index snapshot | ${seconds(sealed.firstOpen)} / ${seconds(sealed.open)} | |`,
    `| history of a 50-event document (\`GET …/events?page[size]=50\`), p50 / p95 | ${reads.history.p50.toFixed(1)} / ${reads.history.p95.toFixed(1)} ms | |`,
    `| as-of read (\`GET …/documents/{id}?as_of=25&include=…\`), p50 / p95 | ${reads.asOf.p50.toFixed(1)} / ${reads.asOf.p95.toFixed(1)} ms | |`,
  ].join('\n'),
);
