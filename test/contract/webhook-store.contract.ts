import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { WebhookDelivery, WebhookStore, WebhookSubscription } from '../../shared/ports/webhook-store.js';

export interface WebhookStoreUnderTest {
  store: WebhookStore;
  /** Opens the same store again once `store` is closed. */
  reopen: () => Promise<WebhookStore>;
  cleanup(): Promise<void>;
}

const subscriptionOf = (overrides: Partial<WebhookSubscription> = {}): WebhookSubscription => ({
  id: randomUUID(),
  tenantId: 'tenant-a',
  url: 'https://hooks.example.com/kontor',
  events: ['document.done'],
  secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=',
  createdAt: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

const deliveryOf = (subscription: WebhookSubscription, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: `msg_${randomUUID().replaceAll('-', '')}`,
  tenantId: subscription.tenantId,
  subscriptionId: subscription.id,
  documentId: 'doc-1',
  eventType: 'document.done',
  position: 1,
  payload: '{"type":"document.done"}',
  createdAt: '2026-03-02T10:00:00.000Z',
  status: 'pending',
  attempts: [],
  nextAttemptAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

/** What every webhook store shares: subscriptions per tenant, deliveries enqueued once, attempts kept in order. */
export const webhookStoreContract = (name: string, open: () => Promise<WebhookStoreUnderTest>) =>
  describe(`WebhookStore contract: ${name}`, () => {
    let subject: WebhookStoreUnderTest;
    let store: WebhookStore;

    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(() => subject.cleanup());

    it('keeps subscriptions per tenant, oldest first, and removes them only for their tenant', async () => {
      const older = subscriptionOf({ createdAt: '2026-03-01T00:00:00.000Z' });
      const newer = subscriptionOf({ createdAt: '2026-03-02T00:00:00.000Z', events: ['document.done', 'document.failed'] });
      const ofB = subscriptionOf({ tenantId: 'tenant-b' });
      await store.addSubscription(newer);
      await store.addSubscription(older);
      await store.addSubscription(ofB);

      expect(await store.subscriptions('tenant-a')).to.deep.equal([older, newer]);
      expect(await store.subscription('tenant-a', newer.id)).to.deep.equal(newer);
      expect(await store.subscription('tenant-b', newer.id)).to.equal(null);
      expect(await store.removeSubscription('tenant-b', newer.id)).to.equal(false);
      expect(await store.removeSubscription('tenant-a', newer.id)).to.equal(true);
      expect(await store.removeSubscription('tenant-a', newer.id)).to.equal(false);
      expect(await store.subscriptions('tenant-a')).to.deep.equal([older]);
    });

    it('enqueues a delivery once: a repeat with the same id changes nothing', async () => {
      const subscription = subscriptionOf();
      await store.addSubscription(subscription);
      const delivery = deliveryOf(subscription);
      await store.enqueue([delivery]);
      await store.recordAttempt(
        delivery.id,
        { at: '2026-03-02T10:00:01.000Z', statusCode: 500, durationMs: 12, error: null },
        {
          status: 'pending',
          nextAttemptAt: '2026-03-02T10:00:06.000Z',
        },
      );

      await store.enqueue([{ ...delivery }]);

      const [kept] = await store.pending(10);
      expect(kept!.attempts).to.have.length(1);
      expect(kept!.nextAttemptAt).to.equal('2026-03-02T10:00:06.000Z');
    });

    it('lists pending deliveries of every tenant by position, then id, up to the limit', async () => {
      const ofA = subscriptionOf();
      const ofB = subscriptionOf({ tenantId: 'tenant-b' });
      await store.addSubscription(ofA);
      await store.addSubscription(ofB);
      const third = deliveryOf(ofA, { id: 'msg_c', position: 7 });
      const first = deliveryOf(ofB, { id: 'msg_b', position: 3 });
      const second = deliveryOf(ofA, { id: 'msg_z', position: 3 });
      const done = deliveryOf(ofA, { id: 'msg_a', position: 1, status: 'delivered', nextAttemptAt: null });
      await store.enqueue([third, first, second, done]);

      expect((await store.pending(10)).map((delivery) => delivery.id)).to.deep.equal(['msg_b', 'msg_z', 'msg_c']);
      expect((await store.pending(2)).map((delivery) => delivery.id)).to.deep.equal(['msg_b', 'msg_z']);
    });

    it('records attempts in order and settles a delivery', async () => {
      const subscription = subscriptionOf();
      await store.addSubscription(subscription);
      const delivery = deliveryOf(subscription);
      await store.enqueue([delivery]);
      const failed = { at: '2026-03-02T10:00:01.000Z', statusCode: null, durationMs: 5000, error: 'timeout' };
      const passed = { at: '2026-03-02T10:00:07.000Z', statusCode: 204, durationMs: 8, error: null };

      await store.recordAttempt(delivery.id, failed, { status: 'pending', nextAttemptAt: '2026-03-02T10:00:06.000Z' });
      await store.recordAttempt(delivery.id, passed, { status: 'delivered', nextAttemptAt: null });

      expect(await store.pending(10)).to.deep.equal([]);
      expect(await store.deliveries('tenant-a', subscription.id, 10)).to.deep.equal([
        { ...delivery, status: 'delivered', nextAttemptAt: null, attempts: [failed, passed] },
      ]);
    });

    it("lists a subscription's deliveries newest first, for its tenant only, and drops them with the subscription", async () => {
      const subscription = subscriptionOf();
      const other = subscriptionOf();
      await store.addSubscription(subscription);
      await store.addSubscription(other);
      await store.enqueue([
        deliveryOf(subscription, { id: 'msg_1', position: 1 }),
        deliveryOf(subscription, { id: 'msg_2', position: 2 }),
        deliveryOf(subscription, { id: 'msg_3', position: 3 }),
        deliveryOf(other, { id: 'msg_4', position: 4 }),
      ]);

      expect((await store.deliveries('tenant-a', subscription.id, 2)).map((delivery) => delivery.id)).to.deep.equal(['msg_3', 'msg_2']);
      expect(await store.deliveries('tenant-b', subscription.id, 10)).to.deep.equal([]);

      await store.removeSubscription('tenant-a', subscription.id);

      expect(await store.deliveries('tenant-a', subscription.id, 10)).to.deep.equal([]);
      expect((await store.pending(10)).map((delivery) => delivery.id)).to.deep.equal(['msg_4']);
    });

    it('keeps subscriptions, deliveries and attempts across a restart', async () => {
      const subscription = subscriptionOf();
      await store.addSubscription(subscription);
      const delivery = deliveryOf(subscription);
      await store.enqueue([delivery]);
      const attempt = { at: '2026-03-02T10:00:01.000Z', statusCode: 503, durationMs: 20, error: null };
      await store.recordAttempt(delivery.id, attempt, { status: 'pending', nextAttemptAt: '2026-03-02T10:00:06.000Z' });
      await store.close();

      store = await subject.reopen();

      expect(await store.subscriptions('tenant-a')).to.deep.equal([subscription]);
      expect(await store.pending(10)).to.deep.equal([{ ...delivery, attempts: [attempt], nextAttemptAt: '2026-03-02T10:00:06.000Z' }]);
    });
  });
