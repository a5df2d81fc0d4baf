import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../harness/kontor-process.js';
import { processCpuMs, threadCpuMs } from './measure.js';

/** This checkout; `--root` measures another one (a before/after) with this bench. */
export const THIS_CHECKOUT = path.resolve(import.meta.dirname, '../..');

export interface Tenant {
  id: string;
  token: string;
}

/**
 * The command `npm start` runs (after its `prestart` build), so the bench times the code users run: compiled,
 * with the telemetry preload, not through tsx. `buildKontor` must have run first.
 */
const START_ARGUMENTS = ['--import', './dist/shared/telemetry/instrument.js', 'dist/services/embedded/main.js'];

/** Builds `dist/` of the checkout at `root` as `npm start`'s prestart does. */
export const buildKontor = (root: string) => promisify(execFile)('npm', ['run', 'build'], { cwd: root });

/** Kontor's embedded process, started as a user starts it (`npm start`), on a given data directory. */
export class KontorUnderTest {
  private constructor(
    private readonly child: ChildProcess,
    private readonly stderrTail: () => string,
    readonly baseUrl: string,
    /** From spawn to the first 200 of /readyz. */
    readonly startupMs: number,
  ) {}

  /**
   * `nodeArguments` go before the start command's (e.g. `--cpu-prof` to profile the service under a load);
   * `root` is the checkout started (built by `buildKontor` first).
   */
  static async start(
    dataDir: string,
    tenants: Tenant[],
    environment: Record<string, string> = {},
    nodeArguments: string[] = [],
    root = THIS_CHECKOUT,
  ): Promise<KontorUnderTest> {
    const port = await freePort();
    const started = performance.now();
    const child = spawn(process.execPath, [...nodeArguments, ...START_ARGUMENTS], {
      cwd: root,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        PORT: String(port),
        AUTH_TOKENS: tenants.map((tenant) => `${tenant.id}=${tenant.token}`).join(','),
        ...environment,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    const baseUrl = `http://127.0.0.1:${port}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Kontor exited at start:\n${errors}`);
      try {
        if ((await fetch(`${baseUrl}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return new KontorUnderTest(child, () => errors, baseUrl, performance.now() - started);
  }

  /** CPU time the process has used so far (user + system, the kernel's utime and stime), in ms: start-up work apart from the machine's load. */
  cpuMs(): Promise<number> {
    return processCpuMs(this.child.pid!);
  }

  /** CPU time of each of the process's threads so far (the main thread, libuv's pool, each OCR worker), by thread id. */
  threadCpuMs(): Promise<Map<string, number>> {
    return threadCpuMs(this.child.pid!);
  }

  /** Resident memory now and at its peak so far (the kernel's VmRSS and VmHWM), in MB. */
  async memoryMb(): Promise<{ rss: number; peak: number }> {
    const status = await readFile(`/proc/${this.child.pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  }

  /** The end of what the process wrote to stderr (warnings and errors), and whether it is still running. */
  get diagnosis(): string {
    return `${this.child.exitCode === null ? 'running' : `exited with ${this.child.exitCode}`}; stderr:\n${this.stderrTail()}`;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * A tenant's view of the API, as a client uses it: over kept-alive `node:http` connections, because the
 * client shares the machine's two cores with the service, and `fetch` spent about 2 ms of CPU a request
 * (WHATWG streams and headers) against about 0.5 ms this way: in the creates row the client, not the
 * service, would otherwise use a third of the machine.
 */
export class BenchClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  constructor(
    private readonly baseUrl: string,
    readonly tenant: Tenant,
  ) {}

  private send(method: string, path: string, payload: string | undefined): Promise<{ status: number; text: string }> {
    const url = new URL(`${this.baseUrl}/v1/${this.tenant.id}${path}`);
    return new Promise((resolve, reject) => {
      const request = http.request(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            Authorization: `Bearer ${this.tenant.token}`,
            Accept: 'application/vnd.api+json',
            ...(payload === undefined ? {} : { 'Content-Type': 'application/vnd.api+json', 'Content-Length': Buffer.byteLength(payload) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON:API answers
  private async request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    // A kept-alive connection the server closed as it was reused fails before any answer: sent again once
    // (a create may so, rarely, be made twice; the bench counts the answers it got).
    const { status, text } = await this.send(method, path, payload).catch(() => this.send(method, path, payload));
    return { status, body: text ? JSON.parse(text) : undefined };
  }

  /** Submits one file; resolves with the document id once the API accepted it. */
  async submit(file: Buffer): Promise<string> {
    const { status, body } = await this.request('POST', '/documents', {
      data: { type: 'documents', attributes: { base64_files: [file.toString('base64')] } },
    });
    if (status >= 300) throw new Error(`create answered ${status}: ${JSON.stringify(body)}`);
    return body.data.id as string;
  }

  async status(documentId: string): Promise<string> {
    const { status, body } = await this.request('GET', `/documents/${documentId}`);
    if (status !== 200) throw new Error(`GET document answered ${status}`);
    return body.data.attributes.current_status as string;
  }

  /** Polls until the document is no longer processing; resolves with when that was seen. */
  async waitUntilFinished(documentId: string, pollMs: number, timeoutMs = 600_000): Promise<{ at: number; status: string }> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const status = await this.status(documentId);
      if (status !== 'processing') return { at: performance.now(), status };
      if (performance.now() > deadline) throw new Error(`${documentId} still processing after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /** The document's events in order: their types and when each was recorded (ms since the epoch). */
  async events(documentId: string): Promise<Array<{ type: string; recordedAt: number }>> {
    const { status, body } = await this.request('GET', `/documents/${documentId}/events?page[size]=100`);
    if (status !== 200) throw new Error(`GET events answered ${status}`);
    return (body.data as Array<{ attributes: { type: string; recorded_at: string } }>).map(({ attributes }) => ({
      type: attributes.type,
      recordedAt: Date.parse(attributes.recorded_at),
    }));
  }

  /** GET …/documents with the given query string; throws unless 200. */
  async list(query: string): Promise<{ total: number; ids: string[] }> {
    const { status, body } = await this.request('GET', `/documents${query}`);
    if (status !== 200) throw new Error(`list ${query} answered ${status}: ${JSON.stringify(body)}`);
    return { total: body.meta?.total ?? body.meta?.count ?? NaN, ids: body.data.map((item: { id: string }) => item.id) };
  }
}
