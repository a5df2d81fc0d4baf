import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The p-th percentile (0..100) of the samples, nearest rank. */
export const percentile = (samples: number[], p: number): number => {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

export const median = (samples: number[]) => percentile(samples, 50);

export const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
};

/** Runs `work` `count` times, `concurrency` at a time; returns each run's duration. */
export const timeEach = async (count: number, concurrency: number, work: (index: number) => Promise<unknown>): Promise<number[]> => {
  const durations: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) durations.push((await timed(() => work(index))).ms);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return durations;
};

/** The unit of /proc/<pid>/stat's times (`getconf CLK_TCK`; 100 on Linux). */
export const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, in ms) a process has used so far (/proc/<pid>/stat), or with `children` that of
 * its children it has waited for: the kernel's utime and stime, or cutime and cstime.
 */
export const processCpuMs = async (pid: number | string, { children = false } = {}): Promise<number> => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const [user, system] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(children ? 13 : 11, children ? 15 : 13)
    .map(Number);
  return ((user! + system!) * 1000) / CLOCK_TICKS_PER_SECOND;
};

/** CPU time (user + system, in ms) of each thread of a process so far, by thread id (/proc/<pid>/task/<tid>/stat). */
export const threadCpuMs = async (pid: number): Promise<Map<string, number>> => {
  const threads = new Map<string, number>();
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    // A thread may end between the listing and the read.
    const cpu = await processCpuMs(`${pid}/task/${tid}`).catch(() => null);
    if (cpu !== null) threads.set(tid, cpu);
  }
  return threads;
};

/** The CPU time each thread used between two `threadCpuMs` readings, the busiest first. */
export const busiestThreads = (before: Map<string, number>, after: Map<string, number>): number[] =>
  [...after].map(([tid, cpu]) => cpu - (before.get(tid) ?? 0)).sort((a, b) => b - a);

/** A baseline command's wall time and CPU time, the medians of `runs`. */
export const commandMs = async (
  command: string,
  args: string[],
  runs: number,
  environment: Record<string, string> = {},
): Promise<{ ms: number; cpuMs: number }> => {
  const durations: number[] = [];
  const cpuTimes: number[] = [];
  for (let index = 0; index < runs; index++) {
    const cpuBefore = await processCpuMs('self', { children: true });
    durations.push((await timed(() => run(command, args, { env: { ...process.env, ...environment }, maxBuffer: 64 * 1024 * 1024 }))).ms);
    cpuTimes.push((await processCpuMs('self', { children: true })) - cpuBefore);
  }
  return { ms: median(durations), cpuMs: median(cpuTimes) };
};

export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

export const machine = () =>
  `${os.cpus().length} cores (nproc), ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM; Node ${process.version}`;
