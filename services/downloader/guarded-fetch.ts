import { lookup as dnsLookup } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { posix } from 'node:path';
import contentDisposition from 'content-disposition';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../shared/errors/app-error.js';
import { sniffMimeType } from '../../shared/files/sniff-mime-type.js';
import { normalizeHost, type AllowlistEntry, type DownloaderConfig } from './downloader-config.js';

export interface FetchedFile {
  bytes: Buffer;
  fileName: string;
  mimeType: string;
  /** The URL the bytes came from, after redirects. */
  finalUrl: string;
}

export type GuardedFetcher = (url: string, signal?: AbortSignal) => Promise<FetchedFile>;

export type DownloadFailureReason =
  | 'blocked_address'
  | 'unsupported_scheme'
  | 'invalid_url'
  | 'dns_failed'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'http_status'
  | 'connection_failed'
  | 'empty_body';

/** The client sent something we will not fetch; everything else is the remote side's failure. */
const CLIENT_FAULTS: ReadonlySet<DownloadFailureReason> = new Set(['blocked_address', 'unsupported_scheme', 'invalid_url']);

const isTransient = (reason: DownloadFailureReason, httpStatus: number | null): boolean =>
  reason === 'timeout' ||
  reason === 'connection_failed' ||
  (reason === 'http_status' && httpStatus !== null && (httpStatus >= 500 || httpStatus === 429));

export class DownloadError extends AppError {
  readonly reason: DownloadFailureReason;
  readonly httpStatus: number | null;

  constructor(reason: DownloadFailureReason, detail: string, httpStatus: number | null = null, cause?: unknown) {
    super({
      code: 'download_failed',
      status: CLIENT_FAULTS.has(reason) ? 422 : 502,
      title: 'Download failed',
      detail,
      retriable: isTransient(reason, httpStatus),
      cause,
    });
    this.name = 'DownloadError';
    this.reason = reason;
    this.httpStatus = httpStatus;
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Only globally routable unicast may be reached: loopback, private, link-local, CGNAT, multicast, reserved… are not. */
const nonPublicRange = (address: string): string | null => {
  if (!ipaddr.isValid(address)) return 'unparseable';
  // process() unwraps IPv4-mapped IPv6 (::ffff:127.0.0.1), so it is judged as the IPv4 address it reaches.
  const range = ipaddr.process(address).range();
  return range === 'unicast' ? null : range;
};

const defaultPort = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** `base` resolves a relative redirect Location against the URL that answered with it. */
const parseTarget = (raw: string, base?: URL): URL => {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch (error) {
    throw new DownloadError('invalid_url', `not a URL: ${raw.slice(0, 200)}`, null, error);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new DownloadError('unsupported_scheme', `only http and https can be downloaded, not ${url.protocol}`);
  }
  return url;
};

/**
 * Resolves names as usual but hands the socket only public addresses, so the address checked is the
 * address connected to: a name that resolves (or re-resolves) to 127.0.0.1 cannot slip through.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(new DownloadError('dns_failed', `cannot resolve ${hostname}: ${error.code ?? error.message}`, null, error), '');
      return;
    }
    const reachable = addresses.filter((candidate) => nonPublicRange(candidate.address) === null);
    const first = reachable[0];
    if (!first) {
      const found = addresses.map((candidate) => `${candidate.address} (${nonPublicRange(candidate.address)})`).join(', ');
      callback(new DownloadError('blocked_address', `${hostname} resolves only to non-public addresses: ${found}`), '');
      return;
    }
    if (options.all) callback(null, reachable);
    else callback(null, first.address, first.family);
  });
};

const fileNameFrom = (response: IncomingMessage, finalUrl: URL): string => {
  const clean = (name: string): string =>
    posix
      .basename(name.replaceAll('\\', '/'))
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .replace(/^\.+$/, '');
  const header = response.headers['content-disposition'];
  if (header) {
    try {
      const fromHeader = clean(contentDisposition.parse(header).parameters.filename ?? '');
      if (fromHeader) return fromHeader;
    } catch {
      // A malformed header is common enough; the URL still names the file.
    }
  }
  const lastSegment = finalUrl.pathname.split('/').filter(Boolean).at(-1) ?? '';
  let decoded = lastSegment;
  try {
    decoded = decodeURIComponent(lastSegment);
  } catch {
    // Keep the raw segment when it holds a stray `%`.
  }
  return clean(decoded) || 'download';
};

/** Judged by the bytes like uploads are; the server's Content-Type only names what sniffing cannot. */
const mimeTypeOf = async (bytes: Buffer, response: IncomingMessage): Promise<string> => {
  const sniffed = await sniffMimeType(bytes);
  if (sniffed) return sniffed;
  const declared = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return declared || 'application/octet-stream';
};

const readBody = async (response: IncomingMessage, maxBytes: number): Promise<Buffer> => {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new DownloadError('too_large', `Content-Length ${declared} exceeds the limit of ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.length;
    // Leaving the loop destroys the response, so the rest of an oversized body is never read.
    if (total > maxBytes) throw new DownloadError('too_large', `body exceeds the limit of ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  if (total === 0) throw new DownloadError('empty_body', 'the server sent no bytes');
  return Buffer.concat(chunks, total);
};

/**
 * Downloads one URL without letting it reach the service's own network: only http(s), only public
 * addresses (after every redirect), bounded in size, time and redirects. Every failure is a DownloadError.
 */
/**
 * The SSRF guard of every request Kontor sends on a client's behalf (downloads, webhooks): for a URL,
 * the request options that keep it on public addresses, or a `blocked_address` DownloadError for a
 * literal non-public address. Allow-listed hosts (`host` or `host:port`) pass unchecked.
 */
export const createAddressGuard = (allowlist: AllowlistEntry[]) => {
  const isAllowlisted = (url: URL): boolean => {
    const host = normalizeHost(url.hostname);
    const port = defaultPort(url);
    return allowlist.some((entry) => entry.host === host && (entry.port === null || entry.port === port));
  };
  return (url: URL): { lookup?: LookupFunction } => {
    if (isAllowlisted(url)) return {};
    // Literal addresses are never passed to `lookup`, so they are checked here.
    const literal = normalizeHost(url.hostname);
    const literalRange = isIP(literal) ? nonPublicRange(literal) : null;
    if (literalRange !== null) throw new DownloadError('blocked_address', `${url.hostname} is a non-public address (${literalRange})`);
    return { lookup: publicOnlyLookup };
  };
};

/**
 * The guard ahead of time, for a URL a client leaves with us (a webhook's): refuses a literal non-public
 * address, and a name that resolves only to non-public addresses. A name that does not resolve now is
 * let through; each request checks again anyway.
 */
export const createAddressCheck = (allowlist: AllowlistEntry[]) => {
  const guard = createAddressGuard(allowlist);
  return async (url: URL): Promise<void> => {
    const { lookup } = guard(url);
    if (!lookup || isIP(normalizeHost(url.hostname))) return;
    await new Promise<void>((resolve, reject) => {
      lookup(url.hostname, { all: true }, (error) => {
        if (error instanceof DownloadError && error.reason === 'blocked_address') reject(error);
        else resolve();
      });
    });
  };
};

export const createGuardedFetcher = (config: DownloaderConfig): GuardedFetcher => {
  const guard = createAddressGuard(config.DOWNLOAD_ALLOWLIST);

  const request = (url: URL, signal: AbortSignal): Promise<IncomingMessage> => {
    let guarded: { lookup?: LookupFunction };
    try {
      guarded = guard(url);
    } catch (error) {
      return Promise.reject(error);
    }
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const outgoing = client.request(url, {
        method: 'GET',
        headers: { 'user-agent': 'Kontor-Downloader/1', accept: '*/*', 'accept-encoding': 'identity' },
        agent: false,
        signal,
        ...guarded,
      });
      outgoing.on('response', resolve);
      outgoing.on('error', reject);
      outgoing.end();
    });
  };

  const download = async (rawUrl: string, signal: AbortSignal): Promise<FetchedFile> => {
    let url = parseTarget(rawUrl);
    for (let redirects = 0; ; redirects++) {
      const response = await request(url, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        response.destroy();
        if (redirects >= config.DOWNLOAD_MAX_REDIRECTS) {
          throw new DownloadError('too_many_redirects', `more than ${config.DOWNLOAD_MAX_REDIRECTS} redirects`, status);
        }
        url = parseTarget(location, url);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new DownloadError('http_status', `${url.host} answered ${status}`, status);
      }
      const bytes = await readBody(response, config.DOWNLOAD_MAX_BYTES);
      return { bytes, fileName: fileNameFrom(response, url), mimeType: await mimeTypeOf(bytes, response), finalUrl: url.href };
    }
  };

  return async (url, signal) => {
    const deadline = AbortSignal.timeout(config.DOWNLOAD_TIMEOUT_MS);
    try {
      return await download(url, signal ? AbortSignal.any([signal, deadline]) : deadline);
    } catch (error) {
      if (error instanceof DownloadError) throw error;
      // The caller's own cancellation is not a failure of the download.
      if (signal?.aborted) throw error;
      if (deadline.aborted) {
        throw new DownloadError('timeout', `no complete answer within ${config.DOWNLOAD_TIMEOUT_MS} ms`, null, error);
      }
      const code = (error as NodeJS.ErrnoException).code;
      const message = error instanceof Error ? error.message : String(error);
      throw new DownloadError('connection_failed', code ? `${code}: ${message}` : message, null, error);
    }
  };
};
