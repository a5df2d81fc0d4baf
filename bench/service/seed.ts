import { parseArgs } from 'node:util';
import { AdaptersConfig } from '../../shared/config/adapters-config.js';
import { createLogger } from '../../shared/logging/logger.js';
import { createPortFactory } from '../../shared/runtime/port-factory.js';
import { ERASER_CHECKPOINT } from '../../services/eraser/index.js';
import { RELAY_CHECKPOINT } from '../../services/relay/index.js';
import { WEBHOOKS_CHECKPOINT } from '../../services/webhooks/index.js';
import { syntheticCompletedDocument } from './synthetic-documents.js';

export interface SeedOptions {
  /** The data directory (embedded) or the servers (distributed), as the service's own environment says. */
  environment: Record<string, string | undefined>;
  documents: number;
  tenants: string[];
  onProgress?: (written: number) => void;
}

const APPENDS_AT_ONCE = 64;

/**
 * Appends synthetic completed document streams through the event store port the service uses (payloads
 * encrypted, hash-chained), as if the documents had been processed: the checkpoints of the services that
 * follow the log (relay, eraser, webhook dispatcher) are moved past them. The read model is left to the
 * service, which builds it at its next start.
 */
export const seedCompletedDocuments = async (options: SeedOptions): Promise<void> => {
  const config = AdaptersConfig.parse(options.environment);
  const ports = createPortFactory(config, createLogger('bench-seed', 'warn'));
  try {
    const store = await ports.store();
    let lastPosition = 0;
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < options.documents; index = next++) {
        const document = syntheticCompletedDocument(index, options.tenants[index % options.tenants.length]!);
        const { position } = await store.append(`document-${document.documentId}`, document.events, 'noStream');
        lastPosition = Math.max(lastPosition, position);
        if ((index + 1) % 1000 === 0) options.onProgress?.(index + 1);
      }
    };
    await Promise.all(Array.from({ length: APPENDS_AT_ONCE }, worker));
    // A service at rest has followed what it processed; the read model, though, is built by the service.
    const checkpoints = await ports.checkpoints();
    for (const follower of [RELAY_CHECKPOINT, ERASER_CHECKPOINT, WEBHOOKS_CHECKPOINT]) await checkpoints.save(follower, lastPosition);
  } finally {
    await ports.close();
  }
};

const isMain = process.argv[1] && import.meta.filename === process.argv[1];
if (isMain) {
  const { values } = parseArgs({
    options: {
      documents: { type: 'string', default: '100000' },
      tenants: { type: 'string', default: 'bench-a,bench-b' },
      'data-dir': { type: 'string' },
    },
  });
  const started = Date.now();
  await seedCompletedDocuments({
    environment: { ...process.env, ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}) },
    documents: Number(values.documents),
    tenants: values.tenants.split(','),
    onProgress: (written) => process.stdout.write(`\r${written} documents (${Math.round((Date.now() - started) / 1000)} s)`),
  });
  process.stdout.write(`\nseeded ${values.documents} documents in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
