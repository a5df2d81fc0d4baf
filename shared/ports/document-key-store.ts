/**
 * One data key per document: its events' payloads are encrypted with it, so destroying the key
 * erases the document's data everywhere the log is kept, without touching the log (crypto-shredding).
 */
export interface DocumentKeyStore {
  /** The document's 256-bit key, made on first use; the same key for every caller, also under races. */
  keyFor(documentId: string): Promise<Buffer>;
  /** The key, or null when there is none: never made, or destroyed. */
  find(documentId: string): Promise<Buffer | null>;
  /** Destroys the key for good. Destroying a missing key is no error. */
  destroy(documentId: string): Promise<void>;
  close(): Promise<void>;
}
