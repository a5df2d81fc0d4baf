import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sqliteReadModelVersions } from '../../shared/adapters/embedded/sqlite-read-model-versions.js';
import { AdaptersConfig } from '../../shared/config/adapters-config.js';
import { parseConfig } from '../../shared/config/parse-config.js';
import { createLogger } from '../../shared/logging/logger.js';
import { createPortFactory } from '../../shared/runtime/port-factory.js';
import { ViewConfig, viewOptions } from './projector-config.js';
import { readRebuildStatus, REBUILD_SIGNAL } from './rebuild-status.js';
import { rebuildMongoReadModel } from './rebuild-mongo-read-model.js';
import { replayLogInParts } from './replay-in-parts.js';
import { replayIntoReadModel, type ReplayProgress } from './replay-read-model.js';

/**
 * `npm run read-model -- rebuild`: replays the whole event log into a new read model and switches
 * readers over to it while the service keeps answering, printing progress and events/s.
 * - Embedded, with Kontor running on DATA_DIR: asks it to rebuild (it owns the log) and follows it.
 *   With Kontor stopped: replays the log into a new SQLite read model version and makes it the current one.
 * - Distributed: projects into the next MongoDB collection version, moves the active-version pointer
 *   once it has caught up, keeps following while every process switches, then drops the old version.
 */
const usage = 'usage: npm run read-model -- rebuild';

const describe = (progress: ReplayProgress) =>
  `${progress.events} events replayed (position ${progress.position}) in ${(progress.elapsedMs / 1000).toFixed(1)} s: ${Math.round(progress.eventsPerSecond)} events/s`;

const printProgress = (progress: ReplayProgress) => {
  if (process.stderr.isTTY) process.stderr.write(`\r${describe(progress)}   `);
  else console.error(describe(progress));
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const lockOwner = async (dataDir: string): Promise<number | null> => {
  try {
    const pid = Number((await readFile(path.join(dataDir, 'events', 'events.lock'), 'utf8')).trim());
    if (!Number.isSafeInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
};

/** Asks the running embedded Kontor to rebuild, and follows its status file until it is done. */
const rebuildInRunningProcess = async (dataDir: string, pid: number): Promise<number> => {
  const before = await readRebuildStatus(dataDir);
  if (before?.pid !== pid) {
    console.error(`Kontor (process ${pid}) is still starting (it builds its read model from the log first); try again once it answers.`);
    return 1;
  }
  if (before.state === 'running') console.error('A rebuild is running already; following it.');
  const requestedAt = before.state === 'running' ? before.startedAt : new Date().toISOString();
  if (before.state !== 'running') process.kill(pid, REBUILD_SIGNAL);
  let printed = -1;
  console.error(
    `Asked Kontor (process ${pid}) to rebuild its read model; it keeps answering from the old one until the new one has caught up.`,
  );
  for (;;) {
    await sleep(500);
    const status = await readRebuildStatus(dataDir);
    if (status && status.state !== 'ready' && status.startedAt >= requestedAt) {
      if (status.progress.events !== printed) printProgress(status.progress);
      printed = status.progress.events;
      if (status.state === 'done') {
        console.error(`\nRebuilt and switched over: ${describe(status.progress)}.`);
        return 0;
      }
      if (status.state === 'failed') {
        console.error(`\nThe rebuild failed, the old read model stays: ${status.error}`);
        return 1;
      }
    }
    if ((await lockOwner(dataDir)) !== pid) {
      console.error('\nKontor stopped before the rebuild finished; it rebuilds its read model when it starts.');
      return 1;
    }
  }
};

const main = async ([command]: string[]): Promise<number> => {
  if (command !== 'rebuild') {
    console.error(usage);
    return 2;
  }
  const config = parseConfig(AdaptersConfig.extend(ViewConfig.shape), process.env);
  const dataDir = path.resolve(config.DATA_DIR);
  const distributed = config.KONTOR_MODE === 'distributed';
  const owner = distributed ? null : await lockOwner(dataDir);
  if (owner !== null) return rebuildInRunningProcess(dataDir, owner);

  const logger = createLogger('read-model', 'warn');
  const ports = createPortFactory(config, logger);
  try {
    const store = await ports.store();
    if (!distributed) {
      const versions = sqliteReadModelVersions(dataDir);
      const readModel = await versions.openNext();
      const view = viewOptions(config);
      const prefill = replayLogInParts(dataDir, readModel, { view, workDirectory: versions.scratchDirectory() });
      const replay = await replayIntoReadModel({ store, readModel, logger }, { ...view, onProgress: printProgress, prefill });
      const done = await replay.caughtUp();
      await replay.stop();
      await readModel.close();
      await versions.promote(readModel);
      console.error(`\nReplayed the whole log into a new read model, now the current one: ${describe(done)}.`);
      return 0;
    }
    const mongo = { url: config.MONGO_URL!, database: config.MONGO_DATABASE };
    console.error('Rebuilding the read model into the next collection version; readers stay on the active one meanwhile.');
    const report = await rebuildMongoReadModel({ store, logger }, mongo, {
      ...viewOptions(config),
      onProgress: printProgress,
      onCaughtUp: ({ from, to, replay }) =>
        console.error(`\nCaught up: ${describe(replay)}. Readers switch from version ${from} to ${to}.`),
    });
    console.error(`Dropped version ${report.from}. The read model is version ${report.to}.`);
    return 0;
  } finally {
    await ports.close();
  }
};

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`read-model: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
