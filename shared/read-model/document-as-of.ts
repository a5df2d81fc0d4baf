import { erasureOf, foldDocument } from '../document/document-stream.js';
import { errors } from '../errors/app-error.js';
import type { RecordedEvent } from '../ports/event-store.js';
import { buildDocumentView, type ViewOptions } from './build-document-view.js';
import type { DocumentView } from './document-view.js';

/** A point in a document's past: after the event at this stream revision, or at this instant (ISO, UTC). */
export type AsOf = { revision: number } | { time: string };

export interface ViewAsOf {
  view: DocumentView;
  /** The newest event the view folds. */
  revision: number;
  recordedAt: string;
}

const prefixOf = (events: readonly RecordedEvent[], asOf: AsOf): RecordedEvent[] =>
  'revision' in asOf
    ? events.filter((event) => event.revision <= asOf.revision)
    : events.filter((event) => Date.parse(event.recordedAt) <= Date.parse(asOf.time));

/**
 * The document exactly as it stood at `asOf`: the same fold and view builder as the projection, over
 * the prefix of its stream. A revision past the stream's end, or a time before its first event, names
 * a state that never existed: 404, like a missing document. So does an erased document, whatever the point.
 */
export const documentViewAsOf = (documentId: string, events: RecordedEvent[], asOf: AsOf, options: ViewOptions): ViewAsOf => {
  const last = events[events.length - 1];
  // An erased document has no past to show either: its payloads are shredded.
  if (!last || erasureOf(events)) throw errors.notFound(`no document ${documentId} for this tenant`);
  if ('revision' in asOf && asOf.revision > last.revision)
    throw errors.notFound(`document ${documentId} has revisions 0 to ${last.revision}, not ${asOf.revision}`);
  const prefix = prefixOf(events, asOf);
  const newest = prefix[prefix.length - 1];
  if (!newest)
    throw errors.notFound(
      `document ${documentId} did not exist yet at ${'time' in asOf ? asOf.time : ''}; its first event was recorded at ${events[0]!.recordedAt}`,
    );
  const state = foldDocument(prefix);
  if (!state) throw errors.notFound(`no document ${documentId} for this tenant`);
  return { view: buildDocumentView(state, newest.position, options), revision: newest.revision, recordedAt: newest.recordedAt };
};
