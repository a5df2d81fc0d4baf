import { spawn, type ChildProcess } from 'node:child_process';
import { build } from 'esbuild';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

let preload: Promise<string> | null = null;
/**
 * The telemetry preload (shared/telemetry/instrument.ts) as JavaScript, as the image runs it: worker
 * threads (OCR) inherit `--import` and cannot load TypeScript. Bundled once, packages left to node_modules.
 */
const telemetryPreload = () =>
  (preload ??= (async () => {
    const outfile = path.join(ROOT, 'node_modules/.cache/kontor-test/instrument.mjs');
    await build({
      entryPoints: [path.join(ROOT, 'shared/telemetry/instrument.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'error',
    });
    return outfile;
  })());

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/** One Kontor process (a service's main) started as an operator would, reachable on its own port. */
export class ServiceProcess {
  private child: ChildProcess | null = null;
  private output = '';
  readonly baseUrl: string;

  constructor(
    readonly entryPoint: string,
    readonly port: number,
    private readonly environment: Record<string, string>,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  get logs(): string {
    return this.output;
  }

  /** Starts the process and resolves once /readyz answers 200. */
  async launch(): Promise<void> {
    this.output = '';
    this.child = spawn(process.execPath, ['--import', await telemetryPreload(), '--import', 'tsx', this.entryPoint], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'info', ...this.environment, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`${this.entryPoint} exited at start:\n${this.output}`);
      try {
        if ((await fetch(`${this.baseUrl}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${this.entryPoint} did not become ready:\n${this.output}`);
  }

  /** SIGTERM (graceful, as an orchestrator stops a pod) or SIGKILL (a crash); resolves on exit. */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    const code = await exited;
    this.child = null;
    return code;
  }
}

/** How long a test's teardown waits for a graceful stop before it kills the process. */
const TEARDOWN_GRACE_MS = 20_000;

/** The all-in-one embedded Kontor on a fresh data directory, started as a user starts it. */
export class KontorProcess extends ServiceProcess {
  private constructor(
    port: number,
    readonly dataDir: string,
    environment: Record<string, string>,
  ) {
    super('services/embedded/main.ts', port, { ...environment, DATA_DIR: dataDir });
  }

  static async start(environment: Record<string, string>): Promise<KontorProcess> {
    return KontorProcess.startIn(await mkdtemp(path.join(os.tmpdir(), 'kontor-e2e-')), environment);
  }

  /** Starts on a data directory the test prepared (an older data directory, one a test changed). */
  static async startIn(dataDir: string, environment: Record<string, string>): Promise<KontorProcess> {
    const kontor = new KontorProcess(await freePort(), dataDir, environment);
    await kontor.launch();
    return kontor;
  }

  /**
   * A test's teardown: the graceful stop, then, as an orchestrator does after its grace period, a kill (work in flight,
   * a scan's OCR on a loaded machine, may outlast a test's hook; the data directory goes anyway).
   */
  async destroy(): Promise<void> {
    const kill = setTimeout(() => void this.stop('SIGKILL'), TEARDOWN_GRACE_MS);
    await this.stop();
    clearTimeout(kill);
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
