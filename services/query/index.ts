/** The query service's public entry point: its routes and lookups, for the embedded process and the audit and list benchmarks, and its query language, for the reprocessing command and the list benchmark. */
export { createAuditRouter } from './audit-routes.js';
export { createExtractionsRouter } from './extractions-routes.js';
export { createAsOfLookup, createFreshDocumentLookup } from './fresh-document-lookup.js';
export { createHistoryRouter } from './history-routes.js';
export { parseDocumentQuery } from './parse-document-query.js';
export { createQueryRouter } from './query-routes.js';
export { createReviewPage } from './review-page.js';
