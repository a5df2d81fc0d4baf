import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ApiClient } from '../../harness/api-client.js';
import { corpusFile, createBody, documentsPath, TENANT_A, TENANT_B, useKontor } from './kontor-fixture.js';

const run = promisify(execFile);

describe('e2e: tokens and tenants', function () {
  this.timeout(60_000);
  const fixture = useKontor();
  const collectionA = documentsPath(TENANT_A.id);
  const collectionB = documentsPath(TENANT_B.id);
  let documentOfA: string;
  let sourceFileOfA: string;

  before(async () => {
    const pdf = (await readFile(corpusFile('invoice2data/tests/compare/AmazonWebServices.pdf'))).toString('base64');
    const created = await fixture.api.post(collectionA, createBody({ base64_files: [pdf], custom_fields: { secret: 'of-a' } }));
    documentOfA = created.body.data.id;
    const read = await fixture.api.get(`${collectionA}/${documentOfA}`);
    sourceFileOfA = new URL(read.body.data.attributes.source_files[0].url).pathname;
  });

  it('given no token, then 401 with a Bearer challenge', async () => {
    const response = await fixture.api.get(collectionA, { token: null });

    expect(response.status).to.equal(401);
    expect(response.headers.get('www-authenticate')).to.match(/^Bearer/);
    expect(response.body.errors[0].code).to.equal('unauthorized');
  });

  it('given a wrong token or a malformed Authorization header, then 401', async () => {
    expect((await fixture.api.get(collectionA, { token: 'not-a-token' })).status).to.equal(401);
    expect((await fixture.api.get(collectionA, { token: null, headers: { Authorization: `Basic ${TENANT_A.token}` } })).status).to.equal(
      401,
    );
  });

  it("given tenant B's token on tenant A's paths, then 403 and nothing of A, not even a count", async () => {
    const list = await fixture.apiB.get(collectionA);
    const one = await fixture.apiB.get(`${collectionA}/${documentOfA}`);
    const file = await fixture.apiB.get(sourceFileOfA);
    const create = await fixture.apiB.post(collectionA, createBody({ urls: ['https://example.com/a.pdf'] }));

    for (const response of [list, one, file, create]) {
      expect(response.status).to.equal(403);
      expect(JSON.stringify(response.body)).not.to.contain(documentOfA);
      expect(response.body).not.to.have.property('meta');
    }
  });

  it("given tenant B asks for A's document under its own path, then 404", async () => {
    const one = await fixture.apiB.get(`${collectionB}/${documentOfA}`);
    const file = await fixture.apiB.get(sourceFileOfA.replace(`/${TENANT_A.id}/`, `/${TENANT_B.id}/`));
    const list = await fixture.apiB.get(`${collectionB}?filter[custom_fields.secret]=of-a`);

    expect(one.status).to.equal(404);
    expect(file.status).to.equal(404);
    expect(list.status).to.equal(200);
    expect(list.body.data).to.deep.equal([]);
    expect(list.body.meta.total).to.equal(0);
  });

  it("given the tenant's own token, then its file is served with its content type", async () => {
    const response = await fixture.api.get(sourceFileOfA);

    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('application/pdf');
    expect(response.bytes.equals(await readFile(corpusFile('invoice2data/tests/compare/AmazonWebServices.pdf')))).to.equal(true);
  });

  it('given a token minted with `npm run tokens -- create`, then it works at once, only for its tenant, and only its hash is stored', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'tokens', '--', 'create', 'tenant-c'], {
      env: { ...process.env, DATA_DIR: fixture.kontor.dataDir },
    });
    const { token } = JSON.parse(stdout.trim()) as { token: string };
    const client = new ApiClient(fixture.kontor.baseUrl, token);

    expect((await client.get(documentsPath('tenant-c'))).status).to.equal(200);
    expect((await client.get(collectionA)).status).to.equal(403);
    const stored = await readFile(`${fixture.kontor.dataDir}/tokens.json`, 'utf8');
    expect(stored).to.contain('tenant-c');
    expect(stored).not.to.contain(token);
  });

  it('given minted tokens, then `list` shows ids, tenants and creation times without secrets, `revoke` takes effect at once, and logs name the token id only', async () => {
    const tokens = (command: string[]) =>
      run('npm', ['run', '--silent', 'tokens', '--', ...command], { env: { ...process.env, DATA_DIR: fixture.kontor.dataDir } });
    const { stdout } = await tokens(['create', 'tenant-d']);
    const { token, id } = JSON.parse(stdout.trim()) as { token: string; id: string };
    const client = new ApiClient(fixture.kontor.baseUrl, token);
    expect((await client.get(documentsPath('tenant-d'))).status).to.equal(200);

    const listed = (await tokens(['list', 'tenant-d'])).stdout;
    expect(listed.split('\n')[0]).to.equal('id\ttenant\tcreated_at');
    expect(listed).to.match(new RegExp(`^${id}\ttenant-d\t\\d{4}-\\d{2}-\\d{2}T`, 'm'));
    expect(listed).not.to.contain(token);
    expect(listed).not.to.match(/[0-9a-f]{64}/);

    await tokens(['revoke', id]);

    const refused = await client.get(documentsPath('tenant-d'));
    expect(refused.status).to.equal(401);
    expect((await tokens(['list'])).stdout).not.to.contain(id);
    const requestLines = fixture.kontor.logs.split('\n').filter((line) => line.includes('"tenant_id":"tenant-d"'));
    expect(requestLines.some((line) => line.includes(`"token_id":"${id}"`))).to.equal(true);
    expect(fixture.kontor.logs).not.to.contain(token);
  });
});
