import { createWorkAhead } from '../work-ahead.js';
import { readQrView, type QrViewReader } from './read-qr-view.js';

/** Searches begun and not taken yet that are kept: a few documents' pages (one whose extraction never came is dropped in time). */
const KEPT_SEARCHES = 64;

/**
 * One page as the QR search sees it: `key` names what is searched (the same bytes, the same key); `search` decodes
 * it, each view of it read by `readView` (see `QrViewReader`).
 */
export interface SearchablePage {
  key: string;
  search: (expectedBills: number, readView: QrViewReader) => Promise<string[]>;
}

export interface QrSearchOptions {
  /** Searches begun and not taken yet that are kept. */
  kept?: number;
  /** Where the pixels of each view are read: on the calling thread by default, or in a worker thread (see `createFieldsThread`). */
  readView?: QrViewReader;
}

/**
 * The QR codes of pages (see `decodeQrCodes`), searched ahead of time: the recognition step begins the
 * search of its pages while it reads their text, and the extraction step after it takes the search over,
 * running or done, instead of decoding the page again. A search is taken once: asking again, or for
 * other expected bills, searches again.
 */
export const createQrSearches = ({ kept = KEPT_SEARCHES, readView = readQrView }: QrSearchOptions = {}) => {
  const searches = createWorkAhead<string[]>(kept);
  return {
    begin: (page: SearchablePage, expectedBills: number): void =>
      searches.begin(`${page.key}:${expectedBills}`, () => page.search(expectedBills, readView)),
    codesOf: (page: SearchablePage, expectedBills: number): Promise<string[]> =>
      searches.take(`${page.key}:${expectedBills}`, () => page.search(expectedBills, readView)),
  };
};
export type QrSearches = ReturnType<typeof createQrSearches>;
