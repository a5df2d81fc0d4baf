import type { Principal } from '../../shared/auth/token-registry.js';
import { foldEvents } from '../../shared/document/document-decider.js';
import type { DocumentState } from '../../shared/document/document-state.js';
import { documentStreamName, foldDocument, toNewEvents } from '../../shared/document/document-stream.js';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { errors, isAppError, type AppError } from '../../shared/errors/app-error.js';
import type { EventStore, RecordedEvent } from '../../shared/ports/event-store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface TenantDocument {
  state: DocumentState;
  /** The stream as stored, in revision order. */
  history: RecordedEvent[];
  last: RecordedEvent;
}

/** The document's stream, folded, if it is this tenant's: another tenant's document, or an erased one, does not exist here. */
export const loadTenantDocument = async (store: EventStore, tenantId: string, documentId: string): Promise<TenantDocument> => {
  const history = UUID.test(documentId) ? await store.readStream(documentStreamName(documentId)) : [];
  const state = foldDocument(history);
  const last = history[history.length - 1];
  if (!state || !last || state.tenantId !== tenantId) throw errors.notFound(`no document ${documentId} for this tenant`);
  return { state, history, last };
};

/**
 * Appends what a command of `principal` decided on `loaded`, expecting the stream still at that
 * revision (`conflict` names a race as the route answers it), and gives the state after it (null once
 * erased), folded here rather than read back from the store.
 */
export const recordDecided = async (
  store: EventStore,
  principal: Principal,
  loaded: TenantDocument,
  events: DocumentEvent[],
  conflict: (cause: AppError) => AppError,
): Promise<{ state: DocumentState | null; position: number }> => {
  if (events.length === 0) return { state: loaded.state, position: loaded.last.position };
  const { documentId, revision } = loaded.state;
  const appended = await store
    .append(
      documentStreamName(documentId),
      toNewEvents(events, { tenantId: principal.tenantId, documentId, producer: 'gateway', requestedBy: principal }),
      revision,
    )
    .catch((error: unknown) => {
      throw isAppError(error) && error.code === 'wrong_expected_revision' ? conflict(error) : error;
    });
  const recordedAt = new Date().toISOString();
  const state = foldEvents(
    events.map((event, offset) => ({ ...event, revision: revision + 1 + offset, recordedAt })),
    loaded.state,
  );
  return { state, position: appended.position };
};
