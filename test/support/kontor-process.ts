import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/**
 * Kontor started exactly as a user starts it (the embedded main in its own process), on a fresh
 * data directory, so end-to-end tests talk to it over HTTP only.
 */
export class KontorProcess {
  private child: ChildProcess | null = null;
  private output = '';
  readonly baseUrl: string;

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly environment: Record<string, string>,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  static async start(environment: Record<string, string>): Promise<KontorProcess> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kontor-e2e-'));
    const kontor = new KontorProcess(await freePort(), dataDir, environment);
    await kontor.launch();
    return kontor;
  }

  get logs(): string {
    return this.output;
  }

  async launch(): Promise<void> {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'services/embedded/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...this.environment, PORT: String(this.port), DATA_DIR: this.dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`Kontor exited at start:\n${this.output}`);
      try {
        if ((await fetch(`${this.baseUrl}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`Kontor did not become ready:\n${this.output}`);
  }

  /** Graceful stop (SIGTERM), as an orchestrator would; resolves when the process has exited. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await exited;
    this.child = null;
    return code;
  }

  async destroy(): Promise<void> {
    await this.stop();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
