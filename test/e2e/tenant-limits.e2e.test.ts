import { expect } from 'chai';
import { createBody, documentsPath, TENANT_B, useKontor } from './kontor-fixture.js';
import type { ApiResponse } from '../../harness/api-client.js';

const SLOW_DOWNLOAD_MS = 8_000;

describe('e2e: limits per tenant', function () {
  this.timeout(90_000);
  const fixture = useKontor({ TENANT_REQUESTS_PER_SECOND: '5', TENANT_DOCUMENTS_IN_FLIGHT: '2', DOWNLOAD_TIMEOUT_MS: '30000' });
  const collection = documentsPath('tenant-a');
  const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));
  const expectTooMany = (response: ApiResponse, code: string) => {
    expect(response.status).to.equal(429);
    expect(Number(response.headers.get('retry-after'))).to.be.at.least(1);
    expect(response.body.errors).to.have.length(1);
    expect(response.body.errors[0]).to.include({ status: '429', code });
  };

  it('given more requests in a second than the tenant may send, then the rest get 429 with Retry-After, and other tenants are unaffected', async () => {
    await nextSecond();
    const answers = await Promise.all(Array.from({ length: 12 }, () => fixture.api.get(collection)));
    const ofB = await fixture.apiB.get(documentsPath(TENANT_B.id));

    // Windows are whole seconds, so a burst across a window's end may pass twice the rate, never more.
    const passed = answers.filter((answer) => answer.status === 200);
    expect(passed.length).to.be.within(5, 10);
    expect(passed.length).to.be.below(answers.length);
    for (const answer of answers.filter((each) => each.status !== 200)) expectTooMany(answer, 'too_many_requests');
    expect(ofB.status).to.equal(200);
  });

  it('given the tenant has as many documents processing as it may, then a new one gets 429 and a replay of an earlier create does not', async () => {
    await nextSecond();
    const slowDocument = () => createBody({ urls: [fixture.files.url(`/slow?ms=${SLOW_DOWNLOAD_MS}`)] });
    const first = await fixture.api.post(collection, slowDocument(), { headers: { 'Idempotency-Key': 'in-flight-1' } });
    await fixture.api.post(collection, slowDocument());
    expect(first.status).to.equal(201);
    for (;;) {
      await nextSecond();
      const processing = await fixture.api.get(`${collection}?filter[current_status]=processing`);
      if (processing.body.meta.total === 2) break;
    }

    const third = await fixture.api.post(collection, slowDocument());
    const replay = await fixture.api.post(collection, slowDocument(), { headers: { 'Idempotency-Key': 'in-flight-1' } });

    expectTooMany(third, 'too_many_documents_in_flight');
    expect(replay.status).to.equal(201);
    expect(replay.body.data.id).to.equal(first.body.data.id);
  });
});
