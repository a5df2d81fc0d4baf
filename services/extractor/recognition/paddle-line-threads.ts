import { siblingModule, startTaskThread } from '../../../shared/runtime/task-thread.js';
import type { LineReader, ReadCharacter } from './line-reader.js';
import { paddleAlphabet } from './paddle-line-reader.js';

const TASKS_MODULE = siblingModule(import.meta.url, 'paddle-line-tasks');

/**
 * The PaddleOCR second reader (see `createPaddleLineReader`) in worker threads of its own, each with its own
 * network, one line a thread at a time. ONNX Runtime's `run` holds the thread that calls it for the line's 5 to
 * 150 ms, so on the event loop it would hold up the requests and every other step; and a page's lines, read at
 * once (see `rereadLines`), are spread over the threads, which the page's OCR workers have left idle by then.
 * Each thread's network reads a line exactly as one in the calling thread would: the same words come out.
 */
export const createPaddleLineThreads = (threads: number): LineReader => {
  const pool = startTaskThread(TASKS_MODULE, { threads });
  return {
    knows: paddleAlphabet(),
    read: (line) => pool.run<ReadCharacter[]>('read', line),
    stop: pool.stop,
  };
};
