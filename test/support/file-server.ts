import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServedFile {
  path: string;
  file: string;
  contentType: string;
}

/** A local file host for download tests: serves given files, a 404, a redirect to any URL, and a slow answer (`/slow?ms=`). */
export class FileServer {
  private constructor(private readonly server: Server) {}

  static async start(files: ServedFile[]): Promise<FileServer> {
    const server = createServer(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname === '/redirect') {
        response.writeHead(302, { Location: url.searchParams.get('to') ?? '/' }).end();
        return;
      }
      if (url.pathname === '/slow') {
        const timer = setTimeout(() => response.writeHead(404).end('slowly not here'), Number(url.searchParams.get('ms') ?? 1000));
        response.on('close', () => clearTimeout(timer));
        return;
      }
      const served = files.find((candidate) => candidate.path === url.pathname);
      if (!served) {
        response.writeHead(404).end('not here');
        return;
      }
      response.writeHead(200, { 'Content-Type': served.contentType }).end(await readFile(served.file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new FileServer(server);
  }

  get host(): string {
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  url(path: string): string {
    return `http://${this.host}${path}`;
  }

  stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    return closed;
  }
}
