import { withPayloadEncryption, type PayloadEncryptionOptions } from '../adapters/encrypted-event-store.js';
import type { DocumentKeyStore } from '../ports/document-key-store.js';
import type { EventStore } from '../ports/event-store.js';

/**
 * A document log as Kontor reads and writes it: every payload sealed under its document's key, except the
 * erasure's (who erased the document and when stays readable once the key is destroyed).
 */
export const withDocumentPayloadEncryption = (
  store: EventStore,
  keys: DocumentKeyStore,
  options: Pick<PayloadEncryptionOptions, 'decrypt' | 'opened'> = {},
): EventStore => withPayloadEncryption(store, keys, { plaintextTypes: ['DocumentErased'], ...options });
