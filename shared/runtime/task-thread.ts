import { Piscina } from 'piscina';

/** The module `name` beside `importMetaUrl`, with the extension the caller runs from (.ts from the sources, .js built). */
export const siblingModule = (importMetaUrl: string, name: string): URL =>
  new URL(`./${name}${importMetaUrl.slice(importMetaUrl.lastIndexOf('.'))}`, importMetaUrl);

/**
 * One worker thread (a piscina pool of one, kept started) running the functions `tasksModule` exports, one task at
 * a time, queued. Run from the TypeScript sources (tests, tsx; from the project's directory), the thread loads the
 * module through tsx: the module is named per task, so it is loaded once the thread's loader hooks are in place.
 */
export const startTaskThread = (tasksModule: URL, workerData?: unknown) => {
  const pool = new Piscina({
    minThreads: 1,
    maxThreads: 1,
    workerData,
    ...(tasksModule.pathname.endsWith('.ts') && { execArgv: ['--import', 'tsx'] }),
  });
  return {
    /** Runs task `name`; what `transferList` holds is moved to the thread instead of copied (and is unusable here after). */
    run: <Result>(name: string, task: unknown, transferList?: ArrayBuffer[]): Promise<Result> =>
      pool.run(task, { filename: tasksModule.href, name, ...(transferList && { transferList }) }) as Promise<Result>,
    stop: (): Promise<void> => pool.destroy(),
  };
};
