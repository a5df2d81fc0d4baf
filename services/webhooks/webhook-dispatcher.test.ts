import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { openFileCheckpointStore } from '../../shared/adapters/embedded/file-checkpoint-store.js';
import { openFileEventStore } from '../../shared/adapters/embedded/file-event-store.js';
import { openFileWebhookStore } from '../../shared/adapters/embedded/file-webhook-store.js';
import { documentStreamName, toNewEvents } from '../../shared/document/document-stream.js';
import { createLogger } from '../../shared/logging/logger.js';
import type { CheckpointStore } from '../../shared/ports/checkpoint-store.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import type { WebhookDelivery, WebhookStore } from '../../shared/ports/webhook-store.js';
import { eventually } from '../../test/support/eventually.js';
import type { SendOutcome, WebhookSender } from './send-webhook.js';
import { createWebhookDispatcher } from './webhook-dispatcher.js';

const TENANT = 'tenant-a';
const DOCUMENT = 'doc-1';
const origin = { tenantId: TENANT, documentId: DOCUMENT, producer: 'test' };

describe('webhooks: the dispatcher', () => {
  let directory: string;
  let store: EventStore;
  let checkpoints: CheckpointStore;
  let webhooks: WebhookStore;
  let sent: Array<{ eventType: string; outcome: SendOutcome }>;
  let answers: SendOutcome[];

  const send: WebhookSender = async (_subscription, delivery: WebhookDelivery) => {
    const outcome = answers.shift() ?? { statusCode: 204, error: null };
    sent.push({ eventType: delivery.eventType, outcome });
    return outcome;
  };
  const dispatcher = () =>
    createWebhookDispatcher(
      { store, checkpoints, webhooks, send, logger: createLogger('test', 'silent') },
      { retryDelaysMs: [20, 20], pollIntervalMs: 10 },
    );

  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-webhooks-'));
    store = await openFileEventStore(path.join(directory, 'events'));
    checkpoints = await openFileCheckpointStore(path.join(directory, 'checkpoints'));
    webhooks = await openFileWebhookStore(path.join(directory, 'webhooks'));
    sent = [];
    answers = [];
    await webhooks.addSubscription({
      id: 'sub-1',
      tenantId: TENANT,
      url: 'https://hooks.example.com/kontor',
      events: ['document.done', 'document.corrected'],
      secret: 'whsec_c2VjcmV0',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
  });

  afterEach(async () => {
    await Promise.all([store.close(), checkpoints.close(), webhooks.close()]);
    await rm(directory, { recursive: true, force: true });
  });

  it("given a receiver that fails first, then a document's later message waits until the earlier one is delivered", async () => {
    answers = [{ statusCode: 500, error: 'the receiver answered 500' }];
    await store.append(
      documentStreamName(DOCUMENT),
      toNewEvents([{ type: 'ProcessingCompleted', data: { completedAt: '2026-03-02T10:00:00.000Z' } }], origin),
      'any',
    );
    // Corrections are matched by type name, so they are delivered as soon as such events are recorded.
    await store.append(documentStreamName(DOCUMENT), [{ type: 'FieldsCorrected', schemaVersion: 1, data: {}, metadata: origin }], 'any');
    const running = dispatcher();

    await running.start();
    try {
      await eventually(
        () =>
          expect(sent.map((each) => [each.eventType, each.outcome.statusCode])).to.deep.equal([
            ['document.done', 500],
            ['document.done', 204],
            ['document.corrected', 204],
          ]),
        5_000,
      );
    } finally {
      await running.stop();
    }
    const [corrected, done] = await webhooks.deliveries(TENANT, 'sub-1', 10);
    expect(done!.status).to.equal('delivered');
    expect(done!.attempts.map((attempt) => attempt.statusCode)).to.deep.equal([500, 204]);
    expect(corrected!.attempts).to.have.length(1);
  });

  it('given a receiver that keeps failing, then the message is given up when the retries are spent', async () => {
    answers = Array.from({ length: 5 }, () => ({ statusCode: null, error: 'connect ECONNREFUSED' }));
    await store.append(
      documentStreamName(DOCUMENT),
      toNewEvents([{ type: 'ProcessingCompleted', data: { completedAt: '2026-03-02T10:00:00.000Z' } }], origin),
      'any',
    );
    const running = dispatcher();

    await running.start();
    try {
      await eventually(async () => expect((await webhooks.deliveries(TENANT, 'sub-1', 1))[0]?.status).to.equal('failed'), 5_000);
    } finally {
      await running.stop();
    }
    expect(sent).to.have.length(3);
  });

  it('given a restart, then nothing is sent again', async () => {
    await store.append(
      documentStreamName(DOCUMENT),
      toNewEvents([{ type: 'ProcessingCompleted', data: { completedAt: '2026-03-02T10:00:00.000Z' } }], origin),
      'any',
    );
    const first = dispatcher();
    await first.start();
    await eventually(() => expect(sent).to.have.length(1));
    await first.stop();

    const second = dispatcher();
    await second.start();
    await second.caughtUp();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await second.stop();

    expect(sent).to.have.length(1);
  });
});
