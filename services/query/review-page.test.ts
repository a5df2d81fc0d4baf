import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import express from 'express';
import { parseDocumentQuery } from './parse-document-query.js';
import { createReviewPage } from './review-page.js';

const LIST_QUERY_MODULE = pathToFileURL(path.resolve(import.meta.dirname, '../../web/review/list-query.js')).href;

describe('review page', () => {
  let server: ReturnType<express.Express['listen']>;
  let base: string;

  before(async () => {
    const app = express().use(createReviewPage());
    server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('given /app, then it redirects to /app/, where relative module addresses resolve', async () => {
    const response = await fetch(`${base}/app`, { redirect: 'manual' });
    expect(response.status).to.equal(301);
    expect(response.headers.get('location')).to.equal('/app/');
  });

  it('given /app/, then the page allows only its own scripts and its import map, by hash', async () => {
    const response = await fetch(`${base}/app/`);
    const html = await response.text();
    const importMap = /<script type="importmap">(.*?)<\/script>/.exec(html)?.[1];
    const policy = response.headers.get('content-security-policy') ?? '';

    expect(response.headers.get('content-type')).to.match(/^text\/html/);
    expect(importMap).to.be.a('string');
    expect(policy).to.contain(`script-src 'self' 'sha256-${createHash('sha256').update(importMap!).digest('base64')}'`);
    expect(policy).to.contain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).to.equal('nosniff');
  });

  it('given the page’s entry module, then every module it imports, directly or not, is served as JavaScript', async () => {
    const importMap = JSON.parse(/<script type="importmap">(.*?)<\/script>/.exec(await (await fetch(`${base}/app/`)).text())![1]!)
      .imports as Record<string, string>;
    const seen = new Set<string>();
    const pending = ['/app/main.js'];
    while (pending.length > 0) {
      const address = pending.pop()!;
      if (seen.has(address)) continue;
      seen.add(address);
      const response = await fetch(`${base}${address}`);
      expect(response.status, address).to.equal(200);
      expect(response.headers.get('content-type'), address).to.match(/^text\/javascript|^application\/javascript/);
      const source = await response.text();
      for (const [, specifier] of source.matchAll(/(?:^|[;\s])(?:import|export)\s*(?:[^'"]*?from\s*)?['"]([^'"]+)['"]/g)) {
        const resolved = importMap[specifier!] ?? new URL(specifier!, `${base}${address}`).pathname;
        pending.push(resolved);
      }
    }
    expect([...seen]).to.include.members([
      '/app/vendor/preact.mjs',
      '/app/vendor/preact-hooks.mjs',
      '/app/vendor/htm.mjs',
      '/app/views/document-detail.js',
    ]);
  });

  it('given a path under /app/ that holds no file, then it falls through (to the API’s 404)', async () => {
    expect((await fetch(`${base}/app/nothing-here.js`)).status).to.equal(404);
    expect((await fetch(`${base}/app/vendor/other.mjs`)).status).to.equal(404);
  });

  it('given any filter, sort and page the list offers, then the API’s own parser accepts the request it makes', async () => {
    const { FILTERS, SORTS, PAGE_SIZES, collectionParameters } = await import(LIST_QUERY_MODULE);
    const sample: Record<string, string> = { date: '2026-03-01', number: '12.5', text: 'acme', search: 'invoice' };
    for (const filter of FILTERS as Array<{ name: string; input: string; options?: string[] }>) {
      for (const value of filter.options ?? [sample[filter.input]!]) {
        for (const sort of SORTS as string[]) {
          const parameters = collectionParameters({ filters: { [filter.name]: value }, sort, size: PAGE_SIZES.at(-1), page: 2 });
          expect(
            () => parseDocumentQuery(Object.fromEntries(new URLSearchParams(parameters))),
            `${filter.name}=${value} ${sort}`,
          ).to.not.throw();
        }
      }
    }
  });
});
