import { availableParallelism } from 'node:os';
import type { LineReader } from './line-reader.js';
import { createPaddleLineThreads } from './paddle-line-threads.js';

/** The second readers a scanned page's lines can be read again by (see `rereadLines`), or none. */
export const SECOND_READERS = ['paddle', 'none'] as const;
export type SecondReaderName = (typeof SECOND_READERS)[number];

/**
 * The second reader `name`, or none. It reads as many lines at once as the OCR has workers that read at once
 * (one a core at most): it reads a page's lines after the page's OCR, when those workers' cores are free.
 */
export const createSecondReader = (name: SecondReaderName, ocrWorkers: number): LineReader | null =>
  name === 'paddle' ? createPaddleLineThreads(Math.max(1, Math.min(ocrWorkers, availableParallelism()))) : null;
