/** Searches begun and not taken yet that are kept: a few documents' pages (one whose extraction never came is dropped in time). */
const KEPT_SEARCHES = 64;

/** One page as the QR search sees it: `key` names what is searched (the same bytes, the same key); `search` decodes it. */
export interface SearchablePage {
  key: string;
  search: (expectedBills: number) => Promise<string[]>;
}

/**
 * The QR codes of pages (see `decodeQrCodes`), searched ahead of time: the recognition step begins the
 * search of its pages while it reads their text, and the extraction step after it takes the search over,
 * running or done, instead of decoding the page again. A search is taken once: asking again, or for
 * other expected bills, searches again.
 */
export const createQrSearches = (kept = KEPT_SEARCHES) => {
  const begun = new Map<string, Promise<string[]>>();
  return {
    begin(page: SearchablePage, expectedBills: number): void {
      const key = `${page.key}:${expectedBills}`;
      if (begun.has(key)) return;
      const searching = page.search(expectedBills);
      // A failed search is forgotten: the step that takes it over searches again and reports the failure.
      searching.catch(() => begun.get(key) === searching && begun.delete(key));
      begun.set(key, searching);
      // A Map iterates in insertion order: the oldest search is dropped.
      if (begun.size > kept) begun.delete(begun.keys().next().value!);
    },
    codesOf(page: SearchablePage, expectedBills: number): Promise<string[]> {
      const key = `${page.key}:${expectedBills}`;
      const searching = begun.get(key);
      begun.delete(key);
      return searching ?? page.search(expectedBills);
    },
  };
};
export type QrSearches = ReturnType<typeof createQrSearches>;
