import type { LineReader } from './line-reader.js';
import { createPaddleLineThread } from './paddle-line-thread.js';

/** The second readers a scanned page's lines can be read again by (see `rereadLines`), or none. */
export const SECOND_READERS = ['paddle', 'none'] as const;
export type SecondReaderName = (typeof SECOND_READERS)[number];

export const createSecondReader = (name: SecondReaderName): LineReader | null => (name === 'paddle' ? createPaddleLineThread() : null);
