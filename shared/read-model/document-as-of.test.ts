import { expect } from 'chai';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { inStream, storedFile, submitted } from '../../test/support/given-document.js';
import type { AppError } from '../errors/app-error.js';
import type { RecordedEvent } from '../ports/event-store.js';
import { documentViewAsOf, type AsOf } from './document-as-of.js';

const OPTIONS = { estimatedSecondsPerFile: 30 };

/** Events as the store records them: revisions from 0, one second apart from 10:00:00, positions from 41. */
const recorded = (...events: DocumentEvent[]): RecordedEvent[] =>
  inStream(events).map(({ revision, recordedAt, type, data }) => ({
    eventId: `event-${revision}`,
    type,
    schemaVersion: 1,
    data,
    metadata: { tenantId: 'tenant-a', documentId: 'doc-1', producer: 'test' },
    streamName: 'document-doc-1',
    revision,
    position: 41 + revision,
    recordedAt,
  }));

const completed: DocumentEvent = { type: 'ProcessingCompleted', data: { completedAt: '2026-03-12T10:00:02.000Z' } };
const stream = recorded(submitted(), storedFile(0), completed);

const refusal = (asOf: AsOf, events = stream): AppError => {
  try {
    documentViewAsOf('doc-1', events, asOf, OPTIONS);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
};

describe('a document as of a point in its past', () => {
  it('given a revision, then the view folds the events up to and including it', () => {
    const past = documentViewAsOf('doc-1', stream, { revision: 1 }, OPTIONS);

    expect(past).to.include({ revision: 1, recordedAt: '2026-03-12T10:00:01.000Z' });
    expect(past.view.position).to.equal(42);
    expect(past.view.document).to.include({ current_status: 'processing', updated_at: '2026-03-12T10:00:01.000Z' });
    expect(past.view.document.source_files).to.have.length(1);
  });

  it('given a time, then the view folds the events recorded at or before it', () => {
    expect(documentViewAsOf('doc-1', stream, { time: '2026-03-12T10:00:00.500Z' }, OPTIONS).revision).to.equal(0);
    expect(documentViewAsOf('doc-1', stream, { time: '2026-03-12T10:00:02.000Z' }, OPTIONS).view.document.current_status).to.equal('done');
    expect(documentViewAsOf('doc-1', stream, { time: '2030-01-01T00:00:00.000Z' }, OPTIONS).revision).to.equal(2);
  });

  it('given a revision past the stream or a time before the document, then 404', () => {
    expect(refusal({ revision: 3 })).to.include({ status: 404 });
    expect(refusal({ revision: 3 }).detail).to.match(/revisions 0 to 2, not 3/);
    expect(refusal({ time: '2026-03-12T09:59:59.999Z' })).to.include({ status: 404 });
  });

  it('given an erased document, then 404 whatever the point', () => {
    const erased = recorded(submitted(), {
      type: 'DocumentErased',
      data: {
        erasedAt: '2026-03-12T10:00:01.000Z',
        requestedBy: { tenantId: 'tenant-a', tokenId: 'kt_1' },
        reason: null,
        blobs: [],
        payloadsShredded: true,
      },
    });
    expect(refusal({ revision: 0 }, erased)).to.include({ status: 404 });
  });
});
