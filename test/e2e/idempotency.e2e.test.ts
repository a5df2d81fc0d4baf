import { expect } from 'chai';
import { createBody, documentsPath, TENANT_B, useKontor } from './kontor-fixture.js';

describe('e2e: idempotent document creation', function () {
  this.timeout(90_000);
  const fixture = useKontor();
  const collection = documentsPath('tenant-a');
  // Sources that fail at once: what is tested is creation, and no processing should hold a restart up.
  const body = () => createBody({ urls: [fixture.files.url('/gone.pdf')], custom_fields: { order: 'PO-1' } });
  const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });

  it('given a create with a key, when it is sent again with the same body, then the first document answers, marked as replayed', async () => {
    const first = await fixture.api.post(collection, body(), withKey('retry-1'));
    const again = await fixture.api.post(collection, body(), withKey('retry-1'));

    expect(first.status).to.equal(201);
    expect(first.headers.get('idempotent-replayed')).to.equal(null);
    expect(again.status).to.equal(201);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.body.data.id).to.equal(first.body.data.id);
    expect(again.headers.get('location')).to.equal(first.headers.get('location'));
  });

  it('given a key, when another body is sent with it, then 422 naming the header', async () => {
    await fixture.api.post(collection, body(), withKey('retry-2'));

    const other = await fixture.api.post(collection, createBody({ urls: [fixture.files.url('/gone-too.pdf')] }), withKey('retry-2'));

    expect(other.status).to.equal(422);
    expect(other.body.errors[0]).to.include({ code: 'idempotency_key_reused' });
    expect(other.body.errors[0].source).to.deep.equal({ header: 'Idempotency-Key' });
  });

  it('keeps keys per tenant: the same key of another tenant creates its own document', async () => {
    const ofA = await fixture.api.post(collection, body(), withKey('shared-key'));
    const ofB = await fixture.apiB.post(documentsPath(TENANT_B.id), body(), withKey('shared-key'));

    expect(ofB.status).to.equal(201);
    expect(ofB.headers.get('idempotent-replayed')).to.equal(null);
    expect(ofB.body.data.id).to.not.equal(ofA.body.data.id);
  });

  it('given racing duplicates, then one document is created and the others get it or a retriable 409', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => fixture.api.post(collection, body(), withKey('race-1'))));

    const created = answers.filter((answer) => answer.status === 201);
    expect(new Set(created.map((answer) => answer.body.data.id)).size).to.equal(1);
    for (const answer of answers.filter((each) => each.status !== 201)) {
      expect(answer.status).to.equal(409);
      expect(answer.body.errors[0].code).to.equal('idempotency_key_in_flight');
      expect(answer.headers.get('retry-after')).to.equal('1');
    }
  });

  it('refuses a malformed key with 400', async () => {
    const response = await fixture.api.post(collection, body(), withKey('x'.repeat(300)));

    expect(response.status).to.equal(400);
    expect(response.body.errors[0]).to.include({ code: 'invalid_idempotency_key' });
  });

  it('given a restart, then a repeat still answers with the first document', async () => {
    const first = await fixture.api.post(collection, body(), withKey('before-restart'));
    await fixture.kontor.stop();
    await fixture.kontor.launch();

    const again = await fixture.api.post(collection, body(), withKey('before-restart'));

    expect(again.status).to.equal(201);
    expect(again.body.data.id).to.equal(first.body.data.id);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
  });
});
