import { errors } from '../../shared/errors/app-error.js';
import type { DocumentReadModel } from '../../shared/ports/document-read-model.js';
import type { DocumentQuery } from '../../shared/read-model/query.js';

/** A document takes seconds to process, so a client over its limit can try again soon. */
const IN_FLIGHT_RETRY_AFTER_SECONDS = 5;

const PROCESSING: DocumentQuery = {
  filter: { all: [{ path: 'document.current_status', type: 'keyword', op: 'eq', value: 'processing' }] },
  sort: [],
  page: { number: 1, size: 1 },
};

/**
 * Refuses a new document with 429 while the tenant has `maxInFlight` documents submitted and neither
 * done nor failed (0: no limit). Counted on the read model, so documents submitted in the last moment
 * before the projector saw them are not counted yet: the limit protects capacity, it is no quota.
 */
export const createInFlightLimit =
  (readModel: DocumentReadModel, maxInFlight: number) =>
  async (tenantId: string): Promise<void> => {
    if (maxInFlight === 0) return;
    const { total } = await readModel.find(tenantId, PROCESSING);
    if (total < maxInFlight) return;
    throw errors.tooManyRequests(
      'too_many_documents_in_flight',
      `this tenant has ${total} documents processing; at most ${maxInFlight} may be processing at once`,
      IN_FLIGHT_RETRY_AFTER_SECONDS,
    );
  };
