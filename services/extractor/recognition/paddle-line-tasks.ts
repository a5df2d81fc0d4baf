import type { GreyLine, ReadCharacter } from './line-reader.js';
import { createPaddleLineReader } from './paddle-line-reader.js';

/** This thread's reader: its network is loaded on the thread's first line and kept. */
const reader = createPaddleLineReader();

/** One line read in the second reader's thread (see `createPaddleLineThread`); its pixels arrive as a plain byte array. */
export const read = (line: GreyLine): Promise<ReadCharacter[]> =>
  reader.read({ ...line, pixels: Buffer.from(line.pixels.buffer, line.pixels.byteOffset, line.pixels.byteLength) });
