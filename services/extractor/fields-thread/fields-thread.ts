import { siblingModule, startTaskThread } from '../../../shared/runtime/task-thread.js';
import type { ExtractedData } from '../../../contracts/events/extracted-data.js';
import type { ExtractionInput } from '../fields/extraction-input.js';
import type { FieldsReader } from '../read-accounting-data.js';

const TASKS_MODULE = siblingModule(import.meta.url, 'fields-tasks');

/** A page of text the thread reads once at start, so the first document does not wait for its modules and models. */
const WARM_UP_INPUT: ExtractionInput = {
  pages: [{ pageNumber: 1, text: 'Rechnung Nr. 1\nDatum: 12.03.2026\nTotal CHF 10.00', confidence: null }],
  words: new Map(),
  requested: { documentType: null, extractionProcess: 'full-extraction', extractLineItems: true },
};

/**
 * The fields of documents read in a worker thread of their own: the layout, candidates, scoring and validation are
 * tens of milliseconds of synchronous work a document (more for a scan's thousands of words), which on the event
 * loop would hold up the requests and the other steps' I/O (the searchable PDF's preparation beside it).
 */
export const createFieldsThread = () => {
  const thread = startTaskThread(TASKS_MODULE);
  return {
    readFields: ((input) => thread.run<ExtractedData>('extract', input)) satisfies FieldsReader,
    warmUp: async (): Promise<void> => {
      await thread.run('extract', WARM_UP_INPUT);
    },
    stop: thread.stop,
  };
};
