import { expect } from 'chai';
import fc from 'fast-check';
import { fuzzRequests, type FuzzRequest } from '../support/fuzz-requests.js';
import { createBody, documentsPath, TENANT_A, TENANT_B, useKontor } from './kontor-fixture.js';

const SEED = 20261125;
/** FUZZ_REQUESTS raises the count for a longer hunt; CI runs the default. */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const CONCURRENCY = 6;
const MAX_BODY_BYTES = 1024 * 1024;
const JSON_API = 'application/vnd.api+json';

interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** Why an answer breaks the rules every answer keeps, or undefined when it keeps them. */
const brokenRule = (request: FuzzRequest, answer: Answer): string | undefined => {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status < 400 || request.method === 'HEAD') return undefined;
  if (answer.contentType !== JSON_API) return `a ${answer.status} with content type ${answer.contentType}`;
  try {
    const { errors } = JSON.parse(answer.body.toString('utf8')) as { errors?: Array<{ status?: unknown; code?: unknown }> };
    if (!Array.isArray(errors) || errors.length === 0) return `a ${answer.status} without an errors array`;
    if (!errors.every((error) => error.status === String(answer.status) && typeof error.code === 'string'))
      return `a ${answer.status} whose errors say ${errors.map((error) => String(error.status)).join(', ')}`;
    return undefined;
  } catch {
    return `a ${answer.status} whose body is no JSON`;
  }
};

const describeRequest = (request: FuzzRequest): string => {
  const body = request.body === undefined ? '' : ` body(${request.body.length}): ${String(request.body).slice(0, 200)}`;
  return `${request.method} ${request.path.slice(0, 200)} ${JSON.stringify(request.headers)}${body}`;
};

describe('e2e: fuzzing the API with random and mutated requests', function () {
  this.timeout(300_000);
  const fixture = useKontor({ MAX_BODY_BYTES: String(MAX_BODY_BYTES) });
  const collection = documentsPath(TENANT_A.id);
  const snapshots = new Map<string, unknown>();

  /**
   * A read as a well-behaved client makes it: the fuzz may spend the tenant's request budget, so a 429
   * is waited out for as long as its Retry-After says (bounded, so a limiter that never lets go fails).
   */
  const readAfterTheRateLimit = async (path: string, token = TENANT_A.token) => {
    for (let attempt = 0; ; attempt++) {
      const response = await fixture.api.get(path, { token });
      if (response.status !== 429 || attempt === 5) return response;
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
    }
  };

  /** The document as a client reads it, everything included. */
  const read = async (path: string, token: string) =>
    (await readAfterTheRateLimit(`${path}?include=accounting_document,sender_address,receiver_address`, token)).body;

  before(async () => {
    const given = [
      {
        tenant: TENANT_A,
        attributes: { urls: [fixture.files.url('/netpresse.pdf')], custom_fields: { nested: { a: [1, 'x'] }, project: 'alpha' } },
      },
      { tenant: TENANT_A, attributes: { urls: [fixture.files.url('/gone.pdf')], document_type: 'receipt' } },
      { tenant: TENANT_B, attributes: { urls: [fixture.files.url('/gone.pdf')], custom_fields: { tenant: 'b' } } },
    ];
    for (const { tenant, attributes } of given) {
      const path = documentsPath(tenant.id);
      const created = await fixture.api.post(path, createBody(attributes), { token: tenant.token });
      expect(created.status).to.equal(201);
      const documentPath = `${path}/${created.body.data.id}`;
      await (tenant === TENANT_A ? fixture.api : fixture.apiB).waitUntilProcessed(documentPath, 120_000);
      snapshots.set(documentPath, { token: tenant.token, document: await read(documentPath, tenant.token) });
    }
  });

  it(`answers ${REQUESTS} random requests (seed ${SEED}) without a 5xx, every error as JSON:API, and stays up`, async () => {
    const documents = [...snapshots.entries()].map(([path, snapshot]) => ({ path, document: (snapshot as { document: any }).document })); // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON:API documents
    const documentIds = documents.filter(({ path }) => path.startsWith(collection)).map(({ document }) => document.data.id as string);
    const fileIds = documents.flatMap(({ document }) =>
      (document.data.attributes.source_files as Array<{ url: string }>).map((file) => file.url.split('/').pop()!),
    );
    const requests = fc.sample(
      fuzzRequests({
        tenant: TENANT_A.id,
        token: TENANT_A.token,
        otherTenant: TENANT_B.id,
        otherToken: TENANT_B.token,
        documentIds: [
          ...documentIds,
          ...documents.filter(({ path }) => !path.startsWith(collection)).map(({ document }) => document.data.id as string),
        ],
        fileIds: fileIds.length > 0 ? fileIds : ['none'],
        missingFileUrl: fixture.files.url('/gone.pdf'),
        maxBodyBytes: MAX_BODY_BYTES,
      }),
      { seed: SEED, numRuns: REQUESTS },
    );

    const statuses = new Map<number, number>();
    const broken: string[] = [];
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        // Node's fetch keeps connections alive, so the workers reuse a handful of them.
        const response = await fetch(`${fixture.kontor.baseUrl}${request.path}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        });
        const answer = {
          status: response.status,
          contentType: response.headers.get('content-type') ?? '',
          body: Buffer.from(await response.arrayBuffer()),
        };
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const rule = brokenRule(request, answer);
        if (rule) broken.push(`${rule}: ${describeRequest(request)} -> ${answer.body.toString('utf8').slice(0, 300)}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `    ${requests.length} requests in ${seconds.toFixed(1)} s; answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );

    expect(broken.slice(0, 20), `${broken.length} answers broke the rules`).to.deep.equal([]);
    expect(statuses.get(201) ?? 0, 'documents the fuzz created').to.be.below(REQUESTS * 0.03);
    expect((await fetch(`${fixture.kontor.baseUrl}/healthz`)).status).to.equal(200);
    expect((await readAfterTheRateLimit(collection)).status).to.equal(200);
  });

  it('leaves the documents created before it as they were', async () => {
    for (const [path, snapshot] of snapshots) {
      const { token, document } = snapshot as { token: string; document: unknown };
      expect(await read(path, token), path).to.deep.equal(document);
    }
  });
});
