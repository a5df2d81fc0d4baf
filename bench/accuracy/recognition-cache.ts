import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PositionedDocumentEvent } from '../../shared/document/document-decider.js';
import { openLocalBlobStore } from '../../shared/adapters/embedded/local-blob-store.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { SourceFile } from './bench-sample.js';

/** A document's blobs and the events up to its recognized text, as one bench run recorded them. */
export interface RecognizedDocument {
  blobs: BlobStore;
  events: PositionedDocumentEvent[];
}

/**
 * Documents' converted pages and recognized text kept in a directory between runs, one subdirectory per
 * document named by the hash of its files: a later run reads them again without rendering and OCR, so a
 * change to the extraction or its calibration is measured on the very same text, in seconds. It holds
 * what the recognition of the run that filled it gave; empty the directory when the recognition changes.
 */
export const openRecognitionCache = (directory: string) => {
  const documentDirectory = (files: readonly SourceFile[]) => {
    const hash = createHash('sha256');
    for (const file of files) hash.update(file.name).update('\0').update(file.bytes);
    return join(directory, hash.digest('hex').slice(0, 32));
  };

  return {
    /** The document as recorded before, else as `recognize` reads it into the blobs given (then recorded). */
    async recognized(
      files: readonly SourceFile[],
      recognize: (blobs: BlobStore) => Promise<PositionedDocumentEvent[]>,
    ): Promise<RecognizedDocument> {
      const at = documentDirectory(files);
      const blobs = await openLocalBlobStore(join(at, 'blobs'));
      const eventsFile = join(at, 'events.json');
      const recorded = await readFile(eventsFile, 'utf8').catch(() => null);
      if (recorded !== null) return { blobs, events: JSON.parse(recorded) as PositionedDocumentEvent[] };
      const events = await recognize(blobs);
      await mkdir(at, { recursive: true });
      await writeFile(eventsFile, JSON.stringify(events));
      return { blobs, events };
    },
  };
};
export type RecognitionCache = ReturnType<typeof openRecognitionCache>;
