import { Worker } from 'node:worker_threads';

/**
 * A worker thread running the module at `moduleUrl`. Run from the TypeScript sources (tests, tsx; from
 * the project's directory) the module is a .ts file, which a worker cannot load by itself (in Node 20 a
 * worker's `--import tsx` hooks arrive after its entry is loaded): tsx's loader is registered first then.
 */
export const startModuleWorker = (moduleUrl: URL): Worker => {
  if (!moduleUrl.pathname.endsWith('.ts')) return new Worker(moduleUrl);
  const load = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl.href)}); });`;
  return new Worker(load, { eval: true });
};
