import type { ViewOptions } from '../../shared/read-model/build-document-view.js';

/** What a thread replaying one part of the embedded log is asked to do: replay it into its own read model. */
export interface ReplayPartTask {
  dataDir: string;
  part: number;
  parts: number;
  /** The log's head when the replay began: the last position replayed. */
  upTo: number;
  /** Where the part's bulk-loaded read model is written. */
  directory: string;
  view: ViewOptions;
}

export type ReplayPartReport =
  { kind: 'progress'; events: number; position: number } | { kind: 'done'; events: number } | { kind: 'failed'; message: string };
