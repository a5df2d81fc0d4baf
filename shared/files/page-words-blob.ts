import type { StoredFile } from '../../contracts/events/common.js';
import { PageWords, type RecognizedWord } from '../../contracts/events/page-words.js';
import { errors } from '../errors/app-error.js';
import type { BlobStore } from '../ports/blob-store.js';

/** Word boxes are too many for an event: they go to the blob store, and TextRecognized references them. */
export const storePageWords = async (blobs: BlobStore, pageNumber: number, words: RecognizedWord[]): Promise<StoredFile> => ({
  blob: await blobs.put(Buffer.from(JSON.stringify({ words } satisfies PageWords), 'utf8')),
  fileName: `words-${pageNumber}.json`,
  mimeType: 'application/json',
});

export const loadPageWords = async (blobs: BlobStore, file: StoredFile): Promise<RecognizedWord[]> => {
  const bytes = await blobs.get(file.blob.hash);
  if (!bytes) throw errors.unavailable(`word boxes ${file.fileName} (blob ${file.blob.hash}) are not in the blob store`);
  return PageWords.parse(JSON.parse(bytes.toString('utf8'))).words;
};

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** Boxes measured in any unit (pixels, PDF points) as fractions of the page's size. */
export const toPageFractions = (
  piece: { left: number; top: number; right: number; bottom: number },
  width: number,
  height: number,
): RecognizedWord['box'] => [
  clamp(piece.left / width),
  clamp(piece.top / height),
  clamp(piece.right / width),
  clamp(piece.bottom / height),
];
