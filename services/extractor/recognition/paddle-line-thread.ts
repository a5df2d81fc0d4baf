import { siblingModule, startTaskThread } from '../../../shared/runtime/task-thread.js';
import type { LineReader, ReadCharacter } from './line-reader.js';
import { paddleAlphabet } from './paddle-line-reader.js';

const TASKS_MODULE = siblingModule(import.meta.url, 'paddle-line-tasks');

/**
 * The PaddleOCR second reader (see `createPaddleLineReader`) in a worker thread of its own. ONNX Runtime's `run`
 * holds the thread that calls it for the line's 5 to 150 ms (1.5 s a full A4 page), so on the event loop it would
 * hold up the requests and every other step. One thread, one network, one core: a second thread with a network of
 * its own takes some 160 MB more, and the runs spread over two cores cost a fifth more CPU and were no faster on a
 * machine that had no idle core (the bench's figures in bench/README.md). Its runs give the outputs the calling
 * thread's would: the same words.
 */
export const createPaddleLineThread = (): LineReader => {
  const thread = startTaskThread(TASKS_MODULE);
  return {
    knows: paddleAlphabet(),
    read: (line) => thread.run<ReadCharacter[]>('read', line),
    stop: thread.stop,
  };
};
