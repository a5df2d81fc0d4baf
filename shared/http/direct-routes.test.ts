import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { createTokenRegistry } from '../auth/token-registry.js';
import { createLogger } from '../logging/logger.js';
import { createApiApp } from './create-api-app.js';
import { runHandlers, tenantRootOf } from './direct-routes.js';
import { sendDocument } from './json-api.js';

describe('direct routes (a tenant route answered without express’s router)', () => {
  describe('tenantRootOf', () => {
    it('given the plain spellings of both path forms, then it names the tenant’s root and id', () => {
      expect(tenantRootOf('/v1/acme/documents', '/documents')).to.deep.equal({ baseUrl: '/v1/acme', tenantId: 'acme' });
      expect(tenantRootOf('/api/v1/acme-2/documents', '/documents')).to.deep.equal({ baseUrl: '/api/v1/acme-2', tenantId: 'acme-2' });
    });

    it('given any other spelling (a query, a trailing slash, an escape, another case or path), then none: the router takes it', () => {
      for (const url of [
        '/v1/acme/documents?x=1',
        '/v1/acme/documents/',
        '/v1/ac%6De/documents',
        '/V1/acme/documents',
        '/v1/acme/Documents',
        '/v1/acme/documents/1',
        '/v2/acme/documents',
        '/v1//documents',
        'http://host/v1/acme/documents',
      ])
        expect(tenantRootOf(url, '/documents'), url).to.equal(null);
    });
  });

  describe('runHandlers', () => {
    const request = {} as Request;
    const response = {} as Response;

    it('given handlers that call next, then each runs in order and the end of the list is reached without an error', () => {
      const ran: string[] = [];
      let ended: unknown = 'not yet';
      const step =
        (name: string): RequestHandler =>
        (_request, _response, next) => {
          ran.push(name);
          next();
        };
      runHandlers([step('a'), step('b')], request, response, (error) => (ended = error));
      expect(ran).to.deep.equal(['a', 'b']);
      expect(ended).to.equal(undefined);
    });

    it('given an error passed to next or thrown, then the handlers after it are skipped and the error is handed on', () => {
      const passed = new Error('passed');
      const thrown = new Error('thrown');
      const seen: unknown[] = [];
      const never: RequestHandler = () => expect.fail('skipped handler ran');
      runHandlers([(_request, _response, next) => next(passed), never], request, response, (error) => seen.push(error));
      runHandlers(
        [
          () => {
            throw thrown;
          },
          never,
        ],
        request,
        response,
        (error) => seen.push(error),
      );
      expect(seen).to.deep.equal([passed, thrown]);
    });

    it('given an async handler that rejects, then its error is handed on', async () => {
      const rejected = new Error('rejected');
      const seen = new Promise((resolve) =>
        runHandlers(
          [
            async () => {
              await Promise.resolve();
              throw rejected;
            },
          ],
          request,
          response,
          resolve,
        ),
      );
      expect(await seen).to.equal(rejected);
    });
  });

  describe('in the API shell', () => {
    const seenByHandler: Array<Record<string, unknown>> = [];
    let routerLayers = 0;
    let base = '';
    let close: () => Promise<unknown>;

    before(async () => {
      const created: RequestHandler = async (request, response) => {
        await Promise.resolve();
        if ((request.body as { fail?: boolean }).fail) throw new Error('route failed');
        seenByHandler.push({
          url: request.url,
          baseUrl: request.baseUrl,
          params: { ...request.params },
          route: (request.route as { path: string }).path,
          tenant: response.locals.tenantId,
          protocol: request.protocol,
        });
        sendDocument(response, 201, { data: { type: 'documents', id: '1', attributes: request.body as object } });
      };
      const router = Router({ mergeParams: true });
      router.post('/documents', created);
      const counting = Router({ mergeParams: true });
      counting.use((_request, _response, next) => {
        routerLayers++;
        next();
      });
      const app = createApiApp({
        logger: createLogger('test', 'silent'),
        tokens: createTokenRegistry({ authTokens: 'tenant-a=token-of-tenant-a', tokenFile: null }),
        maxBodyBytes: 1024,
        requestsPerSecondPerTenant: 0,
        tenantRouters: [counting, router],
        directRoutes: [{ method: 'POST', path: '/documents', handler: created }],
        isReady: () => true,
      });
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      close = () => new Promise((resolve) => server.close(resolve));
    });
    after(() => close());

    const post = async (path: string, body: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer token-of-tenant-a',
          'Content-Type': 'application/vnd.api+json',
          Accept: 'application/vnd.api+json',
          ...headers,
        },
        body,
      });
      const { date: _date, ...answerHeaders } = Object.fromEntries(response.headers);
      return { status: response.status, headers: answerHeaders, body: await response.text() };
    };

    it('given a create on the plain path, then it is answered without the router, exactly as the router answers it on another spelling', async () => {
      const [layersBefore, handledBefore] = [routerLayers, seenByHandler.length];
      const direct = await post('/v1/tenant-a/documents', '{"n":1}');
      expect(routerLayers).to.equal(layersBefore);
      const routed = await post('/v1/tenant-a/documents/', '{"n":1}');
      expect(routerLayers).to.equal(layersBefore + 1);

      expect(direct.status).to.equal(201);
      expect(direct).to.deep.equal(routed);
      const [viaDirect, viaRouter] = seenByHandler.slice(handledBefore);
      expect(viaDirect).to.deep.equal({ ...viaRouter, url: '/documents' });
      expect(viaDirect).to.include({ baseUrl: '/v1/tenant-a', route: '/documents', tenant: 'tenant-a', protocol: 'http' });
      expect(viaDirect!.params).to.deep.equal({ tenantId: 'tenant-a' });
    });

    it('given a request each middleware refuses (token, tenant, media type, body size, JSON, encoding), or a route that fails, then the direct answer is the router’s', async () => {
      const cases: Array<[string, Record<string, string>]> = [
        ['{"n":1}', { Authorization: 'Bearer wrong-token-0123' }],
        ['{"n":1}', { Authorization: '' }],
        ['{"n":1}', { 'Content-Type': 'text/plain' }],
        ['{"n":1}', { Accept: 'text/html' }],
        ['{"n":', {}],
        [`{"n":"${'x'.repeat(2000)}"}`, {}],
        ['{"n":"\\ud800"}', {}],
        ['{"fail":true}', {}],
      ];
      for (const [body, headers] of cases) {
        const direct = await post('/v1/tenant-a/documents', body, headers);
        const routed = await post('/v1/tenant-a/documents/', body, headers);
        expect(direct.status, `${body.slice(0, 20)} ${JSON.stringify(headers)}`).to.be.within(400, 599);
        expect(direct, `${body.slice(0, 20)} ${JSON.stringify(headers)}`).to.deep.equal(routed);
      }
      const otherTenant = await post('/v1/tenant-b/documents', '{"n":1}');
      expect(otherTenant).to.deep.equal(await post('/v1/tenant-b/documents/', '{"n":1}'));
      expect(otherTenant.status).to.equal(403);
    });
  });
});
