import { describeOneDocumentTrace } from '../support/one-document-trace.js';

describeOneDocumentTrace('e2e: one document, one trace (embedded adapters)', () => ({}));
