import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer as collect } from 'node:stream/consumers';
import { createGzip, gunzipSync } from 'node:zlib';
import canonicalize from 'canonicalize';
import tar from 'tar-stream';
import type { RecordedEvent } from '../ports/event-store.js';
import type { SigningIdentity } from '../signing/p12-identity.js';
import { signManifest, type ArchiveSignature } from './archive-signature.js';
import { referencedBlobHashes, verifyChain } from './hash-chain.js';

/**
 * One document's whole story in one file an auditor can keep: a gzipped tar with
 *   manifest.json   what is in it: tenant, document, events, the chain's head hash, every blob's hash
 *   events.jsonl    every event as stored, one per line, in revision order
 *   blobs/<sha256>  the bytes every event references
 *   document-key    the document's data key, which opens the encrypted payloads (absent once erased)
 *   signature.json  a detached signature over manifest.json by the service's signing identity
 * The manifest seals the chain head and the blob hashes, the chain seals every event, so the
 * signature covers it all (see verify-archive.ts).
 */
const ARCHIVE_FORMAT = 'kontor-document-archive/1';

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  tenantId: string;
  documentId: string;
  streamName: string;
  exportedAt: string;
  events: number;
  headHash: string;
  firstChainedRevision: number | null;
  blobs: Array<{ hash: string; size: number }>;
  /** Whether `document-key` is in the archive: not for an erased document, nor one written before encryption. */
  keyIncluded: boolean;
}

export interface DocumentArchive {
  manifest: ArchiveManifest;
  /** The manifest's bytes as stored: what the signature covers. */
  manifestBytes: Buffer;
  events: RecordedEvent[];
  blobs: Map<string, Buffer>;
  key: Buffer | null;
  signature: ArchiveSignature | null;
}

export interface ArchiveContent {
  tenantId: string;
  documentId: string;
  events: RecordedEvent[];
  /** The bytes of every blob the events reference; a missing one is left out (verification names it). */
  blobs: Map<string, Buffer>;
  key: Buffer | null;
  exportedAt: string;
}

/** Blobs are named by the SHA-256 of their bytes, as the blob stores address them. */
export const blobHashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export const writeDocumentArchive = async (content: ArchiveContent, identity: SigningIdentity): Promise<Buffer> => {
  const chain = verifyChain(content.events);
  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    tenantId: content.tenantId,
    documentId: content.documentId,
    streamName: content.events[0]?.streamName ?? '',
    exportedAt: content.exportedAt,
    events: content.events.length,
    headHash: chain.headHash,
    firstChainedRevision: chain.firstChainedRevision,
    blobs: [...content.blobs].map(([hash, bytes]) => ({ hash, size: bytes.length })).sort((a, b) => a.hash.localeCompare(b.hash)),
    keyIncluded: content.key !== null,
  };
  const manifestBytes = Buffer.from(canonicalize(manifest) ?? '', 'utf8');
  const pack = tar.pack();
  const add = (name: string, bytes: Buffer) => pack.entry({ name, size: bytes.length, mtime: new Date(content.exportedAt) }, bytes);
  add('manifest.json', manifestBytes);
  add('events.jsonl', Buffer.from(content.events.map((event) => `${JSON.stringify(event)}\n`).join(''), 'utf8'));
  for (const [hash, bytes] of content.blobs) add(`blobs/${hash}`, bytes);
  if (content.key) add('document-key', content.key);
  add('signature.json', Buffer.from(JSON.stringify(signManifest(manifestBytes, identity), null, 2), 'utf8'));
  pack.finalize();
  return collect(pack.pipe(createGzip()));
};

/** The blob hashes a stream references, for the exporter to fetch. */
export const blobsReferencedBy = (events: readonly RecordedEvent[]): string[] => [
  ...new Set(events.flatMap((event) => referencedBlobHashes(event.data))),
];

class ArchiveUnreadable extends Error {}

export const readDocumentArchive = async (archive: Buffer): Promise<DocumentArchive> => {
  const entries = new Map<string, Buffer>();
  try {
    const extract = tar.extract();
    Readable.from(gunzipSync(archive)).pipe(extract);
    for await (const entry of extract) entries.set(entry.header.name, await collect(entry));
  } catch (error) {
    throw new ArchiveUnreadable(`not a Kontor document archive (gzipped tar): ${error instanceof Error ? error.message : String(error)}`);
  }
  const manifestBytes = entries.get('manifest.json');
  if (!manifestBytes) throw new ArchiveUnreadable('the archive has no manifest.json');
  const manifest = JSON.parse(manifestBytes.toString('utf8')) as ArchiveManifest;
  if (manifest.format !== ARCHIVE_FORMAT) throw new ArchiveUnreadable(`unknown archive format ${String(manifest.format)}`);
  const lines = (entries.get('events.jsonl')?.toString('utf8') ?? '').split('\n').filter(Boolean);
  const signature = entries.get('signature.json');
  const blobs = new Map(
    [...entries].flatMap(([name, bytes]) => (name.startsWith('blobs/') ? [[name.slice('blobs/'.length), bytes] as const] : [])),
  );
  return {
    manifest,
    manifestBytes,
    events: lines.map((line) => JSON.parse(line) as RecordedEvent),
    blobs,
    key: entries.get('document-key') ?? null,
    signature: signature ? (JSON.parse(signature.toString('utf8')) as ArchiveSignature) : null,
  };
};
