import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { readDocumentEvent } from '../../contracts/events/registry.js';
import { createInProcessBus } from '../../shared/adapters/embedded/in-process-bus.js';
import { openFileEventStore } from '../../shared/adapters/embedded/file-event-store.js';
import { openLocalBlobStore } from '../../shared/adapters/embedded/local-blob-store.js';
import { errorCodes } from '../../shared/document/document-queries.js';
import { documentStreamName, foldDocument, toNewEvents } from '../../shared/document/document-stream.js';
import { createLogger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { EventBus } from '../../shared/ports/event-bus.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import type { Service } from '../../shared/runtime/service.js';
import { submitted } from '../../test/support/given-document.js';
import { DownloaderConfig } from './downloader-config.js';
import { createDownloader } from './downloader-service.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const DOCUMENT_ID = 'doc-1';

/** A file server whose answer per path the test decides, counting requests and how many ran at once. */
const startFileServer = async (answer: (path: string, hit: number) => { status: number; body?: Buffer | string; delayMs?: number }) => {
  const hits = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const hit = (hits.get(path) ?? 0) + 1;
    hits.set(path, hit);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const { status, body, delayMs = 0 } = answer(path, hit);
    setTimeout(() => {
      inFlight -= 1;
      response.writeHead(status).end(body);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    hitsOf: (path: string) => hits.get(path) ?? 0,
    maxInFlight: () => maxInFlight,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
};
type FileServer = Awaited<ReturnType<typeof startFileServer>>;

describe('downloader service', () => {
  let directory: string;
  let store: EventStore;
  let bus: EventBus;
  let blobs: BlobStore;
  let downloader: Service;
  let server: FileServer;
  let logLines: Array<Record<string, unknown>>;

  const startDownloader = async (fileServer: FileServer) => {
    server = fileServer;
    const config = DownloaderConfig.parse({ DOWNLOAD_ALLOWLIST: `127.0.0.1:${server.port}`, DOWNLOAD_TIMEOUT_MS: '2000' });
    const logger = createLogger('downloader-test', 'info', { write: (line: string) => logLines.push(JSON.parse(line)) });
    downloader = createDownloader({ store, bus, blobs, logger }, config, { parallelDownloads: 4, retryDelaysMs: [10, 10] });
    await downloader.start();
  };

  /** Appends the submission and delivers it as the relay would; resolves once the downloader has handled it. */
  const submitUrls = (...paths: string[]) => submitFullUrls(...paths.map((path) => server.url(path)));

  const submitFullUrls = async (...urls: string[]) => {
    const event = submitted({ sources: urls.map((url, index) => ({ index, kind: 'url' as const, url })) });
    await store.append(
      documentStreamName(DOCUMENT_ID),
      toNewEvents([event], { tenantId: 'tenant-a', documentId: DOCUMENT_ID, producer: 'test' }),
      'noStream',
    );
    await redeliverSubmission();
  };

  const redeliverSubmission = async () => {
    const [recorded] = await store.readStream(documentStreamName(DOCUMENT_ID));
    await bus.publish([{ key: DOCUMENT_ID, event: recorded!, headers: {} }]);
  };

  const recordedAfterSubmission = async (): Promise<DocumentEvent[]> =>
    (await store.readStream(documentStreamName(DOCUMENT_ID))).slice(1).map(readDocumentEvent);

  const documentState = async () => foldDocument(await store.readStream(documentStreamName(DOCUMENT_ID)))!;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kontor-downloader-'));
    store = await openFileEventStore(join(directory, 'events'));
    bus = createInProcessBus({ maxAttempts: 1 });
    blobs = await openLocalBlobStore(join(directory, 'blobs'));
    logLines = [];
  });

  afterEach(async () => {
    await downloader.stop();
    await bus.close();
    await store.close();
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('stores a downloaded file in the blob store and records it', async () => {
    await startDownloader(await startFileServer(() => ({ status: 200, body: PDF })));

    await submitUrls('/files/invoice.pdf');

    const [event, ...rest] = await recordedAfterSubmission();
    expect(rest).to.deep.equal([]);
    expect(event?.type).to.equal('SourceFileStored');
    if (event?.type !== 'SourceFileStored') return;
    expect(event.data.sourceIndex).to.equal(0);
    expect(event.data.file.fileName).to.equal('invoice.pdf');
    expect(event.data.file.mimeType).to.equal('application/pdf');
    expect(event.data.origin).to.deep.equal({
      kind: 'download',
      url: server.url('/files/invoice.pdf'),
      finalUrl: server.url('/files/invoice.pdf'),
    });
    expect((await blobs.get(event.data.file.blob.hash))?.equals(PDF)).to.equal(true);
  });

  it('records a failed download and, with nothing else to process, completes the document with download_failed', async () => {
    await startDownloader(await startFileServer(() => ({ status: 404 })));

    await submitUrls('/gone.pdf');

    const events = await recordedAfterSubmission();
    expect(events.map((event) => event.type)).to.deep.equal(['DownloadFailed', 'ProcessingCompleted']);
    expect(events[0]?.data).to.deep.include({ sourceIndex: 0, reason: 'http_status', httpStatus: 404 });
    expect(errorCodes(await documentState())).to.deep.equal(['download_failed']);
  });

  it('records a URL into the internal network as a failure without fetching it', async () => {
    await startDownloader(await startFileServer(() => ({ status: 200, body: PDF })));

    await submitFullUrls(`http://localhost:${server.port}/admin`);

    expect(server.hitsOf('/admin')).to.equal(0);
    const events = await recordedAfterSubmission();
    expect(events.map((event) => event.type)).to.deep.equal(['DownloadFailed', 'ProcessingCompleted']);
    expect(events[0]?.data).to.deep.include({ reason: 'blocked_address', httpStatus: null });
  });

  it('does not retry a permanent failure', async () => {
    await startDownloader(await startFileServer(() => ({ status: 404 })));

    await submitUrls('/gone.pdf');

    expect(server.hitsOf('/gone.pdf')).to.equal(1);
  });

  it('retries a flaky server within the step and records the file once it answers', async () => {
    await startDownloader(await startFileServer((_path, hit) => (hit < 3 ? { status: 503 } : { status: 200, body: PDF })));

    await submitUrls('/flaky.pdf');

    expect(server.hitsOf('/flaky.pdf')).to.equal(3);
    expect((await recordedAfterSubmission()).map((event) => event.type)).to.deep.equal(['SourceFileStored']);
  });

  it('gives up on a server that keeps failing and records the failure, so the document is not stuck', async () => {
    await startDownloader(await startFileServer(() => ({ status: 503 })));

    await submitUrls('/down.pdf');

    expect(server.hitsOf('/down.pdf')).to.equal(3);
    const events = await recordedAfterSubmission();
    expect(events.map((event) => event.type)).to.deep.equal(['DownloadFailed', 'ProcessingCompleted']);
    expect(events[0]?.data).to.deep.include({ reason: 'http_status', httpStatus: 503 });
  });

  it('records each URL of a document on its own: one failure does not lose the others', async () => {
    await startDownloader(await startFileServer((path) => (path === '/ok.pdf' ? { status: 200, body: PDF } : { status: 404 })));

    await submitUrls('/ok.pdf', '/missing.pdf');

    const events = await recordedAfterSubmission();
    expect(events.map((event) => [event.type, (event.data as { sourceIndex: number }).sourceIndex])).to.deep.equal([
      ['SourceFileStored', 0],
      ['DownloadFailed', 1],
    ]);
    expect(errorCodes(await documentState())).to.deep.equal(['download_failed']);
  });

  it('fetches the URLs of a document concurrently, at most four at once', async () => {
    await startDownloader(await startFileServer((path) => ({ status: 200, body: `${PDF.toString('latin1')}${path}`, delayMs: 50 })));

    await submitUrls('/1', '/2', '/3', '/4', '/5', '/6');

    expect(server.maxInFlight()).to.equal(4);
    expect(await recordedAfterSubmission()).to.have.length(6);
  });

  it('does nothing when the submission is delivered again after the downloads were recorded', async () => {
    await startDownloader(await startFileServer(() => ({ status: 200, body: PDF })));
    await submitUrls('/invoice.pdf');

    await redeliverSubmission();

    expect(server.hitsOf('/invoice.pdf')).to.equal(1);
    expect(await recordedAfterSubmission()).to.have.length(1);
  });

  it('logs every attempt with host, bytes, time and outcome, never the path', async () => {
    await startDownloader(await startFileServer((_path, hit) => (hit < 2 ? { status: 503 } : { status: 200, body: PDF })));

    await submitUrls('/secret-token/invoice.pdf');

    const downloads = logLines.filter((line) => line.url_host !== undefined);
    expect(downloads.map((line) => line.outcome)).to.deep.equal(['http_status', 'downloaded']);
    expect(downloads[1]).to.include({
      url_host: `127.0.0.1:${server.port}`,
      bytes: PDF.length,
      document_id: DOCUMENT_ID,
      tenant_id: 'tenant-a',
    });
    expect(downloads[1]?.ms).to.be.a('number');
    expect(JSON.stringify(logLines)).not.to.include('secret-token');
  });
});
