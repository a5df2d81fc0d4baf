import { decodeQrCodes } from './decode-qr-codes.js';

/** Searches begun and not taken yet that are kept: a few documents' pages (one whose extraction never came is dropped in time). */
const KEPT_SEARCHES = 64;

/** Forgets the oldest of `kept` beyond `limit` (a Map and a Set both iterate in insertion order). */
const dropOldest = (kept: Map<string, unknown> | Set<string>, limit: number) => {
  if (kept.size > limit) kept.delete(kept.keys().next().value!);
};

/**
 * The QR codes of page images (see `decodeQrCodes`), searched ahead of time: the recognition step begins
 * the search of its pages while it reads their text, and the extraction step after it takes the search
 * over, running or done, instead of decoding the page again. `imageKey` names the image's bytes (its blob
 * hash). A search is taken once: asking again, or for other expected bills, searches again. An image known
 * to show nothing but text (a PDF page with a text layer that paints nothing else) is not searched at all,
 * however often it is asked for (an extraction step run again after a conflict asks again).
 */
export const createQrSearches = (kept = KEPT_SEARCHES) => {
  const begun = new Map<string, Promise<string[]>>();
  const onlyText = new Set<string>();
  const search = (image: () => Promise<Buffer>, expectedBills: number) => image().then((bytes) => decodeQrCodes(bytes, { expectedBills }));
  return {
    begin(imageKey: string, image: () => Promise<Buffer>, expectedBills: number): void {
      const key = `${imageKey}:${expectedBills}`;
      if (begun.has(key)) return;
      const searching = search(image, expectedBills);
      // A failed search is forgotten: the step that takes it over searches again and reports the failure.
      searching.catch(() => begun.get(key) === searching && begun.delete(key));
      begun.set(key, searching);
      dropOldest(begun, kept);
    },
    /** The image shows nothing but text: asked for its codes, it has none, without being decoded. */
    showsOnlyText(imageKey: string): void {
      onlyText.delete(imageKey);
      onlyText.add(imageKey);
      dropOldest(onlyText, kept);
    },
    codesOf(imageKey: string, image: () => Promise<Buffer>, expectedBills: number): Promise<string[]> {
      if (onlyText.has(imageKey)) return Promise.resolve([]);
      const key = `${imageKey}:${expectedBills}`;
      const searching = begun.get(key);
      begun.delete(key);
      return searching ?? search(image, expectedBills);
    },
  };
};
export type QrSearches = ReturnType<typeof createQrSearches>;
