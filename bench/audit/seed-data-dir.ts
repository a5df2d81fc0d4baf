import path from 'node:path';
import { withDocumentPayloadEncryption } from '../../shared/document/document-payload-encryption.js';
import { openFileKeyStore } from '../../shared/adapters/embedded/file-key-store.js';
import { withHashChain } from '../../shared/adapters/hash-chained-event-store.js';
import { openBulkLogStore } from './bulk-log-store.js';
import { seedCompletedDocuments } from './synthetic-streams.js';

/**
 * Fills an embedded data directory with completed documents, stored as Kontor stores them: payloads
 * encrypted under per-document keys and every event in its stream's hash chain, or without either, as
 * streams written before encryption and chaining are (each costs the seeder about a millisecond per
 * document; a replay reads both alike but for the decryption).
 */
export const seedDataDir = async (
  dataDir: string,
  options: { tenantId: string; documents: number; sealed: boolean; eventsPerDocument?: number; onProgress?: (done: number) => void },
): Promise<string[]> => {
  const log = await openBulkLogStore(dataDir);
  const store = options.sealed
    ? withDocumentPayloadEncryption(withHashChain(log), await openFileKeyStore(path.join(dataDir, 'keys')))
    : log;
  try {
    return await seedCompletedDocuments(store, options);
  } finally {
    await store.close();
  }
};
