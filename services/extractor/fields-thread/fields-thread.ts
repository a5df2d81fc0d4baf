import { siblingModule, startTaskThread } from '../../../shared/runtime/task-thread.js';
import type { ExtractedData } from '../../../contracts/events/extracted-data.js';
import type { ExtractionInput } from '../fields/extraction-input.js';
import type { FieldsReader } from '../read-accounting-data.js';
import type { QrViewReader, ViewReading } from '../swiss-payments/read-qr-view.js';
import type { QrViewTask } from './fields-tasks.js';

const TASKS_MODULE = siblingModule(import.meta.url, 'fields-tasks');

/** A page of text the thread reads once at start, so the first document does not wait for its modules and models. */
const WARM_UP_INPUT: ExtractionInput = {
  pages: [{ pageNumber: 1, text: 'Rechnung Nr. 1\nDatum: 12.03.2026\nTotal CHF 10.00', confidence: null }],
  words: new Map(),
  requested: { documentType: null, extractionProcess: 'full-extraction', extractLineItems: true },
};
/** A blank view read once at start, so the first QR search does not wait for ZXing-C++'s WebAssembly to load. */
const WARM_UP_VIEW_PX = 64;

/** The buffer under `bytes` when `bytes` is all of it, so it can be moved to the thread rather than copied; else none. */
const movable = (bytes: Uint8Array): ArrayBuffer[] =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];

/**
 * The extraction's worker thread. It reads the fields of documents: the layout, candidates, scoring and validation
 * are tens of milliseconds of synchronous work a document (more for a scan's thousands of words), which on the event
 * loop would hold up the requests and the other steps' I/O (the searchable PDF's preparation beside it). And it
 * reads the views of pages the QR search draws (`readQrView`): their luminance, finder patterns and ZXing-C++ are
 * pixel work of tens of milliseconds a page, done while the document's text is still being recognized, when the
 * thread has nothing else to do. A view's pixels are moved to the thread, not copied: the caller does not use them again.
 */
export const createFieldsThread = () => {
  const thread = startTaskThread(TASKS_MODULE);
  const readQrView: QrViewReader = (view, lookFirst) =>
    thread.run<ViewReading>('qrView', { view, lookFirst } satisfies QrViewTask, movable(view.rgb));
  return {
    readFields: ((input) => thread.run<ExtractedData>('extract', input)) satisfies FieldsReader,
    readQrView,
    warmUp: async (): Promise<void> => {
      await thread.run('extract', WARM_UP_INPUT);
      const blank = new Uint8Array(WARM_UP_VIEW_PX * WARM_UP_VIEW_PX * 3).fill(255);
      await readQrView({ rgb: blank, width: WARM_UP_VIEW_PX, height: WARM_UP_VIEW_PX }, false);
    },
    stop: thread.stop,
  };
};
