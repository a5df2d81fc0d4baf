import { documentStreamName } from '../document/document-stream.js';
import { errors } from '../errors/app-error.js';
import type { BlobStore } from '../ports/blob-store.js';
import type { DocumentKeyStore } from '../ports/document-key-store.js';
import type { EventStore, RecordedEvent } from '../ports/event-store.js';
import type { SigningIdentity } from '../signing/p12-identity.js';
import { blobHashOf, blobsReferencedBy, writeDocumentArchive } from './document-archive.js';
import { verifyChain, type ChainReport } from './hash-chain.js';

export interface AuditPorts {
  /** The log as stored (payloads encrypted): what the hash chain seals. */
  storedLog: EventStore;
  /** The same log, read: payloads decrypted, for the blobs they reference. */
  store: EventStore;
  keys: DocumentKeyStore;
  blobs: BlobStore;
}

/** A document's stream, if it is this tenant's: another tenant's document is as unknown as a missing one. */
export const loadTenantStream = async (store: EventStore, tenantId: string, documentId: string): Promise<RecordedEvent[]> => {
  const events = await store.readStream(documentStreamName(documentId));
  if (events.length === 0 || events[0]!.metadata.tenantId !== tenantId) throw errors.notFound(`no document ${documentId} for this tenant`);
  return events;
};

export interface BlobAudit {
  referenced: number;
  /** Present and hashing to the name they are referenced by. */
  verified: number;
  missing: string[];
  mismatched: string[];
}

export interface DocumentAudit {
  documentId: string;
  chain: ChainReport;
  blobs: BlobAudit;
  checkedAt: string;
}

const auditBlobs = async (blobs: BlobStore, events: RecordedEvent[]): Promise<BlobAudit> => {
  const audit: BlobAudit = { referenced: 0, verified: 0, missing: [], mismatched: [] };
  for (const hash of blobsReferencedBy(events)) {
    audit.referenced++;
    const bytes = await blobs.get(hash);
    if (!bytes) audit.missing.push(hash);
    else if (blobHashOf(bytes) !== hash) audit.mismatched.push(hash);
    else audit.verified++;
  }
  return audit;
};

/**
 * Whether the document's chain holds, where it breaks, and whether every blob it references is there,
 * unchanged. An erased document is audited too: its chain still holds, and it references no blob.
 */
export const auditDocument = async (ports: AuditPorts, tenantId: string, documentId: string, now = new Date()): Promise<DocumentAudit> => {
  const stored = await loadTenantStream(ports.storedLog, tenantId, documentId);
  const read = await ports.store.readStream(documentStreamName(documentId));
  return { documentId, chain: verifyChain(stored), blobs: await auditBlobs(ports.blobs, read), checkedAt: now.toISOString() };
};

/**
 * The signed archive of one document: its events as stored, the blobs they reference, the document's
 * key (so the auditor can read the payloads; none once erased) and a signature over the chain head.
 */
export const exportDocument = async (
  ports: AuditPorts,
  identity: SigningIdentity,
  tenantId: string,
  documentId: string,
  now = new Date(),
): Promise<Buffer> => {
  const events = await loadTenantStream(ports.storedLog, tenantId, documentId);
  const read = await ports.store.readStream(documentStreamName(documentId));
  const blobs = new Map<string, Buffer>();
  for (const hash of blobsReferencedBy(read)) {
    const bytes = await ports.blobs.get(hash);
    if (bytes) blobs.set(hash, bytes);
  }
  const key = await ports.keys.find(documentId);
  return writeDocumentArchive({ tenantId, documentId, events, blobs, key, exportedAt: now.toISOString() }, identity);
};
