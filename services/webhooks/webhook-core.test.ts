import { expect } from 'chai';
import type { WebhookDelivery, WebhookSubscription } from '../../shared/ports/webhook-store.js';
import { deliveriesFor, dueDeliveries, nextAttemptAt, type DocumentEventNotice } from './webhook-core.js';

const subscription = (overrides: Partial<WebhookSubscription> = {}): WebhookSubscription => ({
  id: 'sub-1',
  tenantId: 'tenant-a',
  url: 'https://hooks.example.com/kontor',
  events: ['document.done', 'document.failed'],
  secret: 'whsec_c2VjcmV0',
  createdAt: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

const event = (overrides: Partial<DocumentEventNotice> = {}): DocumentEventNotice => ({
  eventId: 'event-1',
  type: 'ProcessingCompleted',
  position: 42,
  recordedAt: '2026-03-02T10:00:00.000Z',
  tenantId: 'tenant-a',
  documentId: 'doc-1',
  data: { completedAt: '2026-03-02T10:00:00.000Z' },
  ...overrides,
});

describe('webhooks: which deliveries a document event causes', () => {
  it('given a completed document, then each subscription asking for document.done gets one pending message', () => {
    const [delivery, ...others] = deliveriesFor(event(), [subscription(), subscription({ id: 'sub-2', events: ['document.failed'] })]);

    expect(others).to.deep.equal([]);
    expect(delivery).to.deep.include({
      tenantId: 'tenant-a',
      subscriptionId: 'sub-1',
      documentId: 'doc-1',
      eventType: 'document.done',
      position: 42,
      status: 'pending',
      attempts: [],
      nextAttemptAt: '2026-03-02T10:00:00.000Z',
    });
    expect(JSON.parse(delivery!.payload)).to.deep.equal({
      type: 'document.done',
      timestamp: '2026-03-02T10:00:00.000Z',
      data: { tenant_id: 'tenant-a', document_id: 'doc-1' },
    });
  });

  it('given a failed document, then the message carries its error code', () => {
    const [delivery] = deliveriesFor(
      event({ type: 'ProcessingFailed', data: { code: 'conversion_failed', stage: 'converter', detail: 'x' } }),
      [subscription()],
    );

    expect(JSON.parse(delivery!.payload).data).to.deep.equal({
      tenant_id: 'tenant-a',
      document_id: 'doc-1',
      error_code: 'conversion_failed',
    });
  });

  it('given corrected fields, then document.corrected goes to its subscribers', () => {
    const [delivery] = deliveriesFor(event({ type: 'FieldsCorrected' }), [subscription({ events: ['document.corrected'] })]);

    expect(delivery!.eventType).to.equal('document.corrected');
  });

  it('causes nothing for other events, other tenants, or subscriptions made after the event', () => {
    expect(deliveriesFor(event({ type: 'DocumentConverted' }), [subscription()])).to.deep.equal([]);
    expect(deliveriesFor(event(), [subscription({ tenantId: 'tenant-b' })])).to.deep.equal([]);
    expect(deliveriesFor(event(), [subscription({ createdAt: '2026-03-03T00:00:00.000Z' })])).to.deep.equal([]);
  });

  it('gives the same event and subscription the same message id, and different ones different ids', () => {
    const [first] = deliveriesFor(event(), [subscription()]);
    const [again] = deliveriesFor(event(), [subscription()]);
    const [other] = deliveriesFor(event({ eventId: 'event-2' }), [subscription()]);

    expect(again!.id).to.equal(first!.id);
    expect(other!.id).to.not.equal(first!.id);
    expect(first!.id).to.match(/^msg_[0-9a-f]{32}$/);
  });
});

describe('webhooks: retries', () => {
  const at = new Date('2026-03-02T10:00:00.000Z');

  it('waits the scheduled delay after each failure and gives up when the schedule is spent', () => {
    expect(nextAttemptAt(1, at, [5_000, 300_000])).to.equal('2026-03-02T10:00:05.000Z');
    expect(nextAttemptAt(2, at, [5_000, 300_000])).to.equal('2026-03-02T10:05:00.000Z');
    expect(nextAttemptAt(3, at, [5_000, 300_000])).to.equal(null);
  });
});

describe('webhooks: which deliveries are due', () => {
  const pending = (id: string, overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
    ...deliveriesFor(event(), [subscription()])[0]!,
    id,
    ...overrides,
  });
  const now = new Date('2026-03-02T12:00:00.000Z');

  it('sends a document its messages one after the other, each only when due', () => {
    const first = pending('a', { position: 1, nextAttemptAt: '2026-03-02T13:00:00.000Z' });
    const second = pending('b', { position: 2, nextAttemptAt: '2026-03-02T11:00:00.000Z' });
    const otherDocument = pending('c', { position: 3, documentId: 'doc-2', nextAttemptAt: '2026-03-02T11:00:00.000Z' });
    const otherSubscription = pending('d', { position: 4, subscriptionId: 'sub-2', nextAttemptAt: '2026-03-02T12:00:00.000Z' });

    expect(dueDeliveries([first, second, otherDocument, otherSubscription], now).map((delivery) => delivery.id)).to.deep.equal(['c', 'd']);
  });
});
