import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { DownloaderConfig } from './downloader-config.js';
import { createGuardedFetcher, DownloadError } from './guarded-fetch.js';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A one-page PDF with a correct cross-reference table. */
const tinyPdf = (): Buffer => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

interface TestServer {
  port: number;
  url(path: string): string;
  /** Paths requested so far: proves whether a refused download ever reached the server. */
  requests: string[];
}

const servers: http.Server[] = [];

const startServer = async (handler: http.RequestListener): Promise<TestServer> => {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, url: (path) => `http://127.0.0.1:${port}${path}`, requests };
};

const configFor = (env: Record<string, string>) => DownloaderConfig.parse({ DOWNLOAD_TIMEOUT_MS: '2000', ...env });

const allowing = (...servers: TestServer[]) =>
  configFor({ DOWNLOAD_ALLOWLIST: servers.map((server) => `127.0.0.1:${server.port}`).join(',') });

const failureOf = async (download: Promise<unknown>): Promise<DownloadError> => {
  try {
    await download;
  } catch (error) {
    expect(error).to.be.instanceOf(DownloadError);
    return error as DownloadError;
  }
  expect.fail('the download should have failed');
};

describe('guarded fetch', () => {
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  describe('downloads from an allowlisted server', () => {
    it('returns the bytes, the Content-Disposition file name and the sniffed PDF type', async () => {
      const pdf = tinyPdf();
      const server = await startServer((_request, response) => {
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-disposition': `attachment; filename="ignored.bin"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`,
        });
        response.end(pdf);
      });

      const file = await createGuardedFetcher(allowing(server))(server.url('/get?id=7'));

      expect(file.bytes.equals(pdf)).to.equal(true);
      expect(file.fileName).to.equal('Rechnung März.pdf');
      expect(file.mimeType).to.equal('application/pdf');
      expect(file.finalUrl).to.equal(server.url('/get?id=7'));
    });

    it('names the file after the decoded last path segment and trusts the PNG bytes over a wrong Content-Type', async () => {
      const server = await startServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(PNG);
      });

      const file = await createGuardedFetcher(allowing(server))(server.url('/scans/Beleg%20%231.png'));

      expect(file.fileName).to.equal('Beleg #1.png');
      expect(file.mimeType).to.equal('image/png');
    });

    it('keeps only the base name of a Content-Disposition file name that tries a path', async () => {
      const server = await startServer((_request, response) => {
        response.writeHead(200, { 'content-disposition': 'attachment; filename="../../etc/passwd"' });
        response.end('x');
      });

      const file = await createGuardedFetcher(allowing(server))(server.url('/'));

      expect(file.fileName).to.equal('passwd');
    });

    it('calls a file without a name in header or path "download" and falls back to the Content-Type without parameters', async () => {
      const server = await startServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'Text/Plain; charset=utf-8' });
        response.end('just text');
      });

      const file = await createGuardedFetcher(allowing(server))(server.url('/'));

      expect(file.fileName).to.equal('download');
      expect(file.mimeType).to.equal('text/plain');
    });

    for (const [label, body] of [
      ['an XML declaration', '<?xml version="1.0"?><Invoice/>'],
      ['a namespaced root element after a byte order mark', '\uFEFF\n  <rsm:CrossIndustryInvoice xmlns:rsm="urn:x">'],
    ] as const) {
      it(`treats text starting with ${label} as application/xml`, async () => {
        const server = await startServer((_request, response) => {
          response.writeHead(200, { 'content-type': 'text/plain' });
          response.end(body);
        });

        const file = await createGuardedFetcher(allowing(server))(server.url('/invoice'));

        expect(file.mimeType).to.equal('application/xml');
      });
    }

    it('follows redirects up to the limit and reports the final URL', async () => {
      const server = await startServer((request, response) => {
        if (request.url === '/a') response.writeHead(301, { location: '/b' }).end();
        else if (request.url === '/b') response.writeHead(307, { location: '/files/final.pdf' }).end();
        else response.end(tinyPdf());
      });
      const config = { ...allowing(server), DOWNLOAD_MAX_REDIRECTS: 2 };

      const file = await createGuardedFetcher(config)(server.url('/a'));

      expect(file.finalUrl).to.equal(server.url('/files/final.pdf'));
      expect(file.fileName).to.equal('final.pdf');
      expect(server.requests).to.deep.equal(['/a', '/b', '/files/final.pdf']);
    });
  });

  describe('refuses addresses inside the network', () => {
    it('refuses 127.0.0.1 unless that host and port are allowlisted', async () => {
      const server = await startServer((_request, response) => response.end('secret'));
      const otherPortOnly = configFor({ DOWNLOAD_ALLOWLIST: `127.0.0.1:${server.port + 1}` });

      const failure = await failureOf(createGuardedFetcher(otherPortOnly)(server.url('/')));

      expect(failure.reason).to.equal('blocked_address');
      expect(failure.retriable).to.equal(false);
      expect(server.requests).to.deep.equal([]);
    });

    it('refuses a DNS name that resolves to loopback (localhost), even when 127.0.0.1 itself is allowlisted', async () => {
      const server = await startServer((_request, response) => response.end('secret'));

      const failure = await failureOf(createGuardedFetcher(allowing(server))(`http://localhost:${server.port}/`));

      expect(failure.reason).to.equal('blocked_address');
      expect(server.requests).to.deep.equal([]);
    });

    for (const url of [
      'http://10.0.0.1/invoice.pdf',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://0.0.0.0/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://2130706433/',
    ]) {
      it(`refuses ${url}`, async () => {
        const failure = await failureOf(createGuardedFetcher(configFor({}))(url));

        expect(failure.reason).to.equal('blocked_address');
      });
    }

    it('refuses a redirect from an allowlisted server to a loopback port that is not allowlisted', async () => {
      const internal = await startServer((_request, response) => response.end('secret'));
      const server = await startServer((_request, response) => {
        response.writeHead(302, { location: internal.url('/admin') }).end();
      });

      const failure = await failureOf(createGuardedFetcher(allowing(server))(server.url('/')));

      expect(failure.reason).to.equal('blocked_address');
      expect(internal.requests).to.deep.equal([]);
    });
  });

  describe('fails with a reason the document can record', () => {
    it('gives up after too many redirects', async () => {
      const server = await startServer((request, response) => {
        response.writeHead(302, { location: `${request.url}x` }).end();
      });
      const config = { ...allowing(server), DOWNLOAD_MAX_REDIRECTS: 3 };

      const failure = await failureOf(createGuardedFetcher(config)(server.url('/r')));

      expect(failure.reason).to.equal('too_many_redirects');
      expect(server.requests).to.have.length(4);
    });

    it('refuses a body whose Content-Length is over the limit', async () => {
      const server = await startServer((_request, response) => {
        response.writeHead(200, { 'content-length': '11' });
        response.end('0123456789A');
      });
      const config = { ...allowing(server), DOWNLOAD_MAX_BYTES: 10 };

      const failure = await failureOf(createGuardedFetcher(config)(server.url('/')));

      expect(failure.reason).to.equal('too_large');
      expect(failure.retriable).to.equal(false);
    });

    it('stops reading a body without Content-Length once it passes the limit', async () => {
      // Never ends on its own: only aborting past the limit can finish this download.
      const server = await startServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/pdf' });
        const timer = setInterval(() => response.write(Buffer.alloc(1024, 1)), 5);
        response.on('close', () => clearInterval(timer));
      });
      const config = { ...allowing(server), DOWNLOAD_MAX_BYTES: 8 * 1024 };

      const failure = await failureOf(createGuardedFetcher(config)(server.url('/')));

      expect(failure.reason).to.equal('too_large');
    });

    it('times out on a server that never answers', async () => {
      const server = await startServer(() => undefined);
      const config = { ...allowing(server), DOWNLOAD_TIMEOUT_MS: 200 };
      const started = Date.now();

      const failure = await failureOf(createGuardedFetcher(config)(server.url('/')));

      expect(failure.reason).to.equal('timeout');
      expect(failure.retriable).to.equal(true);
      expect(Date.now() - started).to.be.below(1500);
    });

    it('times out on a body that stalls halfway: the limit is for the whole download', async () => {
      const server = await startServer((_request, response) => {
        response.writeHead(200, { 'content-length': '1000' });
        response.write('only the beginning');
      });
      const config = { ...allowing(server), DOWNLOAD_TIMEOUT_MS: 200 };

      const failure = await failureOf(createGuardedFetcher(config)(server.url('/')));

      expect(failure.reason).to.equal('timeout');
    });

    for (const [status, retriable] of [
      [404, false],
      [403, false],
      [503, true],
      [500, true],
      [429, true],
    ] as const) {
      it(`treats HTTP ${status} as an http_status failure that is ${retriable ? '' : 'not '}worth retrying`, async () => {
        const server = await startServer((_request, response) => response.writeHead(status).end('nope'));

        const failure = await failureOf(createGuardedFetcher(allowing(server))(server.url('/')));

        expect(failure.reason).to.equal('http_status');
        expect(failure.httpStatus).to.equal(status);
        expect(failure.retriable).to.equal(retriable);
      });
    }

    it('fails on an empty body', async () => {
      const server = await startServer((_request, response) => response.end());

      const failure = await failureOf(createGuardedFetcher(allowing(server))(server.url('/')));

      expect(failure.reason).to.equal('empty_body');
    });

    it('reports a refused connection as retriable', async () => {
      const server = await startServer((_request, response) => response.end('x'));
      const config = allowing(server);
      servers.pop()!.close();
      await new Promise((resolve) => setTimeout(resolve, 20));

      const failure = await failureOf(createGuardedFetcher(config)(server.url('/')));

      expect(failure.reason).to.equal('connection_failed');
      expect(failure.retriable).to.equal(true);
    });

    it('reports a name that does not resolve', async () => {
      const failure = await failureOf(createGuardedFetcher(configFor({}))('http://no-such-host.invalid/invoice.pdf'));

      expect(failure.reason).to.equal('dns_failed');
      expect(failure.retriable).to.equal(false);
    });

    for (const url of ['ftp://files.example.com/invoice.pdf', 'file:///etc/passwd']) {
      it(`refuses the scheme of ${url}`, async () => {
        const failure = await failureOf(createGuardedFetcher(configFor({}))(url));

        expect(failure.reason).to.equal('unsupported_scheme');
      });
    }

    it('refuses a redirect to another scheme', async () => {
      const server = await startServer((_request, response) => response.writeHead(302, { location: 'file:///etc/passwd' }).end());

      const failure = await failureOf(createGuardedFetcher(allowing(server))(server.url('/')));

      expect(failure.reason).to.equal('unsupported_scheme');
    });

    it('refuses a redirect to something that is not a URL', async () => {
      const server = await startServer((_request, response) => response.writeHead(302, { location: 'http://[broken' }).end());

      const failure = await failureOf(createGuardedFetcher(allowing(server))(server.url('/')));

      expect(failure.reason).to.equal('invalid_url');
    });

    it('refuses a string that is not a URL', async () => {
      const failure = await failureOf(createGuardedFetcher(configFor({}))('not a url at all'));

      expect(failure.reason).to.equal('invalid_url');
    });
  });
});
