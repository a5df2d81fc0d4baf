import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { eventually } from '../support/eventually.js';
import { corpusFile, createBody, documentsPath, TENANT_B, useKontor } from './kontor-fixture.js';

interface Received {
  headers: Record<string, string>;
  body: string;
  answered: number;
}

/**
 * A webhook receiver as a tenant would write one: it checks each message's signature with the Standard
 * Webhooks algorithm (HMAC-SHA256 over `id.timestamp.body` under the base64 key after `whsec_`), and
 * answers 500 to the first try of every message, 204 to the rest.
 */
class Receiver {
  readonly received: Received[] = [];
  private readonly seen = new Set<string>();
  private constructor(private readonly server: Server) {}

  static async start(): Promise<Receiver> {
    const server = createServer();
    const receiver = new Receiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const id = String(request.headers['webhook-id']);
        const answered = receiver.seen.has(id) ? 204 : 500;
        receiver.seen.add(id);
        receiver.received.push({
          headers: request.headers as Record<string, string>,
          body: Buffer.concat(chunks).toString('utf8'),
          answered,
        });
        response.writeHead(answered).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/kontor`;
  }

  stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    return closed;
  }
}

const signatureIsValid = (secret: string, message: Received): boolean => {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${message.headers['webhook-id']}.${message.headers['webhook-timestamp']}.${message.body}`;
  const expected = createHmac('sha256', key).update(signed).digest();
  return message.headers['webhook-signature']!.split(' ').some((entry) => {
    const [version, signature = ''] = entry.split(',');
    const given = Buffer.from(signature, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
};

describe('e2e: webhooks', function () {
  this.timeout(150_000);
  const fixture = useKontor({ WEBHOOK_ALLOWLIST: '127.0.0.1', WEBHOOK_RETRY_DELAYS_MS: '300,600,1200' });
  const webhooksPath = '/v1/tenant-a/webhooks';
  let receiver: Receiver;

  before(async () => {
    receiver = await Receiver.start();
  });
  after(() => receiver?.stop());

  const subscribe = (url: string, events = ['document.done', 'document.failed']) =>
    fixture.api.post(webhooksPath, { data: { type: 'webhooks', attributes: { url, events } } });

  it('given a subscription, then a processed document is delivered signed, retried after a 500, and every attempt is listed', async () => {
    const created = await subscribe(receiver.url);
    expect(created.status).to.equal(201);
    const { id, attributes } = created.body.data;
    expect(attributes).to.include({ url: receiver.url });
    expect(attributes.events).to.deep.equal(['document.done', 'document.failed']);
    expect(attributes.secret).to.match(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.headers.get('location')).to.equal(`${fixture.kontor.baseUrl}${webhooksPath}/${id}`);

    // An e-invoice is processed in a moment (no pages to recognise), which keeps the test about webhooks.
    const xml = (await readFile(corpusFile('xrechnung/src/test/business-cases/extension/04.01a-INVOICE_ubl.xml'))).toString('base64');
    const document = await fixture.api.post(documentsPath('tenant-a'), createBody({ base64_files: [xml] }));
    const documentId = document.body.data.id as string;
    const processed = await fixture.api.waitUntilProcessed(`${documentsPath('tenant-a')}/${documentId}`);
    expect(processed.body.data.attributes.current_status).to.equal('done');

    await eventually(() => expect(receiver.received.map((message) => message.answered)).to.deep.equal([500, 204]), 20_000);
    const [first, second] = receiver.received;
    expect(second!.headers['webhook-id']).to.equal(first!.headers['webhook-id']);
    for (const message of receiver.received) {
      expect(signatureIsValid(attributes.secret, message), 'signature').to.equal(true);
      expect(Math.abs(Number(message.headers['webhook-timestamp']) - Date.now() / 1000)).to.be.below(60);
      expect(message.headers['content-type']).to.equal('application/json');
    }
    const payload = JSON.parse(second!.body);
    expect(payload).to.deep.include({ type: 'document.done', data: { tenant_id: 'tenant-a', document_id: documentId } });

    const deliveries = await fixture.api.get(`${webhooksPath}/${id}/deliveries`);
    expect(deliveries.status).to.equal(200);
    const [delivery] = deliveries.body.data;
    expect(delivery).to.deep.include({ type: 'webhook-deliveries', id: first!.headers['webhook-id'] });
    expect(delivery.attributes).to.include({
      event_type: 'document.done',
      document_id: documentId,
      status: 'delivered',
      next_attempt_at: null,
    });
    expect(delivery.attributes.attempts.map((attempt: { status_code: number }) => attempt.status_code)).to.deep.equal([500, 204]);
    expect(delivery.attributes.attempts[0].error).to.equal('the receiver answered 500');
    expect(delivery.attributes.attempts[1].error).to.equal(null);
  });

  it('lists and reads subscriptions without their secret, for their tenant only, and deletes them', async () => {
    const created = await subscribe(receiver.url, ['document.corrected']);
    const path = `${webhooksPath}/${created.body.data.id}`;

    const listed = await fixture.api.get(webhooksPath);
    const read = await fixture.api.get(path);

    expect(listed.body.data.map((webhook: { id: string }) => webhook.id)).to.include(created.body.data.id);
    for (const webhook of listed.body.data) expect(webhook.attributes).to.not.have.property('secret');
    const onApiPath = await fixture.api.get(`/api${path}/deliveries`);
    expect(onApiPath.status).to.equal(200);
    expect(onApiPath.body.links.self).to.equal(`${fixture.kontor.baseUrl}/api${path}/deliveries`);
    expect(read.body.data.attributes).to.deep.equal({
      url: receiver.url,
      events: ['document.corrected'],
      created_at: created.body.data.attributes.created_at,
    });
    expect((await fixture.apiB.get(path)).status).to.equal(403);
    expect((await fixture.apiB.get(`/v1/${TENANT_B.id}/webhooks/${created.body.data.id}`)).status).to.equal(404);
    expect((await fixture.api.request('DELETE', path)).status).to.equal(204);
    expect((await fixture.api.get(path)).status).to.equal(404);
  });

  it('refuses a URL the SSRF guard blocks, and events it does not know, with 422', async () => {
    const blocked = await subscribe('http://10.0.0.7/hooks');
    const resolvesPrivately = await subscribe('http://localhost:9/hooks');
    const unknown = await subscribe(receiver.url, ['document.deleted']);

    for (const refused of [blocked, resolvesPrivately]) {
      expect(refused.status).to.equal(422);
      expect(refused.body.errors[0].source).to.deep.equal({ pointer: '/data/attributes/url' });
    }
    expect(unknown.status).to.equal(422);
    expect(unknown.body.errors[0].source.pointer).to.equal('/data/attributes/events/0');
  });
});
