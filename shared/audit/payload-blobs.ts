/**
 * Blob references inside event payloads: `{ hash, size }` objects (a StoredFile's `blob`, or a bare
 * reference), found wherever they sit, so history can show them as links and serve their bytes.
 */

export interface PayloadBlob {
  hash: string;
  size: number;
  /** From the StoredFile around the reference, when there is one. */
  fileName: string | null;
  mimeType: string | null;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const isBlobReference = (value: unknown): value is { hash: string; size: number } =>
  isObject(value) && typeof value.hash === 'string' && /^[0-9a-f]{64}$/.test(value.hash) && typeof value.size === 'number';

/** Every blob a payload references, once each, with the file name and type of its StoredFile. */
export const payloadBlobs = (payload: unknown): PayloadBlob[] => {
  const found = new Map<string, PayloadBlob>();
  const visit = (value: unknown, parent: Json | null): void => {
    if (Array.isArray(value)) return value.forEach((entry) => visit(entry, null));
    if (!isObject(value)) return;
    if (isBlobReference(value) && !found.has(value.hash)) {
      found.set(value.hash, {
        hash: value.hash,
        size: value.size,
        fileName: typeof parent?.fileName === 'string' ? parent.fileName : null,
        mimeType: typeof parent?.mimeType === 'string' ? parent.mimeType : null,
      });
    }
    for (const entry of Object.values(value)) visit(entry, value);
  };
  visit(payload, null);
  return [...found.values()];
};

/** A copy of the payload with a `url` beside every blob reference. */
export const withBlobLinks = (payload: unknown, urlOf: (hash: string) => string): unknown => {
  if (Array.isArray(payload)) return payload.map((entry) => withBlobLinks(entry, urlOf));
  if (!isObject(payload)) return payload;
  const copy = Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, withBlobLinks(value, urlOf)]));
  return isBlobReference(payload) ? { ...copy, url: urlOf(payload.hash) } : copy;
};
