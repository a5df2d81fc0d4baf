import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** A host the downloader may reach even on a private or loopback address; `port` null means any port. */
export interface AllowlistEntry {
  host: string;
  port: number | null;
}

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const PORT = /^[0-9]{1,5}$/;

/** One spelling per host (lower case, IPv6 without brackets and compressed), so config and URLs compare equal. */
export const normalizeHost = (host: string): string => {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) ? ipaddr.parse(bare).toString() : bare;
};

const splitHostAndPort = (entry: string): { host: string; port: string | null } => {
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] ?? null };
  // Two or more colons without brackets can only be a bare IPv6 address.
  if (entry.split(':').length > 2) return { host: entry, port: null };
  const [host = '', port = null] = entry.split(':');
  return { host, port };
};

const AllowlistEntrySchema = z.string().transform((entry, ctx): AllowlistEntry => {
  const { host, port } = splitHostAndPort(entry);
  const hostIsValid = isIP(host) !== 0 || HOSTNAME.test(host.toLowerCase());
  const portNumber = port === null ? null : PORT.test(port) ? Number(port) : NaN;
  const portIsValid = portNumber === null || (portNumber >= 1 && portNumber <= 65535);
  if (!hostIsValid || !portIsValid) {
    ctx.issues.push({ code: 'custom', input: entry, message: `"${entry}" is not a host or host:port` });
    return z.NEVER;
  }
  return { host: normalizeHost(host), port: portNumber };
});

/** Comma-separated `host` or `host:port` entries exempt from the private-address block of the SSRF guard. */
export const HostAllowlist = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .pipe(z.array(AllowlistEntrySchema))
  .default([]);

/** The environment variables the downloader reads; composed into each process's config schema. */
export const DownloaderConfig = z.object({
  DOWNLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** Budget for one whole download: DNS, connect, redirects and body. */
  DOWNLOAD_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  DOWNLOAD_MAX_REDIRECTS: z.coerce.number().int().nonnegative().default(5),
  /** Comma-separated `host` or `host:port` entries exempt from the private-address block (e.g. an internal file server). */
  DOWNLOAD_ALLOWLIST: HostAllowlist,
});
export type DownloaderConfig = z.infer<typeof DownloaderConfig>;
