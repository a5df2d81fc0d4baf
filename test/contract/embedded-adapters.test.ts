import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInProcessBus } from '../../shared/adapters/embedded/in-process-bus.js';
import { openFileCheckpointStore } from '../../shared/adapters/embedded/file-checkpoint-store.js';
import { openFileEventStore } from '../../shared/adapters/embedded/file-event-store.js';
import { openFileIdempotencyStore } from '../../shared/adapters/embedded/file-idempotency-store.js';
import { openFileKeyStore } from '../../shared/adapters/embedded/file-key-store.js';
import { withPayloadEncryption } from '../../shared/adapters/encrypted-event-store.js';
import { createOpenedPayloads } from '../../shared/adapters/opened-payloads.js';
import { openLocalBlobStore } from '../../shared/adapters/embedded/local-blob-store.js';
import { openFileWebhookStore } from '../../shared/adapters/embedded/file-webhook-store.js';
import { blobStoreContract } from './blob-store.contract.js';
import { checkpointStoreContract } from './checkpoint-store.contract.js';
import { documentKeyStoreContract } from './document-key-store.contract.js';
import { eventBusContract } from './event-bus.contract.js';
import { eventStoreContract } from './event-store.contract.js';
import { hashChainContract } from './hash-chain.contract.js';
import { idempotencyStoreContract } from './idempotency-store.contract.js';
import { webhookStoreContract } from './webhook-store.contract.js';

/** Opens a store in a fresh temporary directory that can be reopened, and is removed afterwards. */
const inTemporaryDirectory = async <Store extends { close(): Promise<void> }>(openAt: (directory: string) => Promise<Store>) => {
  const directory = await mkdtemp(join(tmpdir(), 'kontor-contract-'));
  let current = await openAt(directory);
  return {
    store: current,
    reopen: async () => (current = await openAt(directory)),
    async cleanup() {
      await current.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};

eventStoreContract('file event store', () => inTemporaryDirectory(openFileEventStore));

/**
 * The store every embedded service uses: payloads sealed under document keys, opened as they are read (or at once, as
 * replays read them), and kept once opened for the next readers.
 */
const openEncryptedFileEventStore =
  (decrypt: 'when read' | 'at once', keepOpened = false) =>
  async (directory: string) => {
    const keys = await openFileKeyStore(join(directory, 'keys'));
    const opened = keepOpened ? { opened: createOpenedPayloads() } : {};
    const store = withPayloadEncryption(await openFileEventStore(join(directory, 'events')), keys, {
      plaintextTypes: [],
      decrypt,
      ...opened,
    });
    return { ...store, close: () => store.close().then(() => keys.close()) };
  };

eventStoreContract('file event store with payload encryption', () => inTemporaryDirectory(openEncryptedFileEventStore('when read')));
eventStoreContract('file event store with payloads decrypted at once', () => inTemporaryDirectory(openEncryptedFileEventStore('at once')));
eventStoreContract('file event store with payloads kept once opened', () =>
  inTemporaryDirectory(openEncryptedFileEventStore('when read', true)),
);

hashChainContract('file event store', () => inTemporaryDirectory(openFileEventStore));

eventBusContract('in-process bus', async (options) => {
  const bus = createInProcessBus(options);
  return { bus, cleanup: () => bus.close() };
});

blobStoreContract('local blob store', () => inTemporaryDirectory(openLocalBlobStore));

checkpointStoreContract('file checkpoint store', () => inTemporaryDirectory(openFileCheckpointStore));

documentKeyStoreContract('file key store', () => inTemporaryDirectory(openFileKeyStore));

idempotencyStoreContract('file idempotency store', () => inTemporaryDirectory(openFileIdempotencyStore));

webhookStoreContract('file webhook store', () => inTemporaryDirectory(openFileWebhookStore));
