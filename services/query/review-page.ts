import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router } from 'express';

/**
 * The review page at `/app/`: plain ES modules from `web/review` and the two small libraries it
 * imports (preact, htm) straight from node_modules, so nothing is built or fetched from elsewhere.
 * The page talks only to the documented API of the same origin.
 */

const packageRoot = (start: string): string => {
  for (let directory = start; ; directory = path.dirname(directory)) {
    if (existsSync(path.join(directory, 'package.json'))) return directory;
    if (path.dirname(directory) === directory) throw new Error(`no package.json above ${start}`);
  }
};

const PAGE_DIRECTORY = path.join(packageRoot(import.meta.dirname), 'web', 'review');

/** Bare specifiers the page imports, mapped to the one file of each library it needs. */
const VENDOR_MODULES: Record<string, { specifier: string; file: string }> = {
  'preact.mjs': { specifier: 'preact', file: fileURLToPath(import.meta.resolve('preact')) },
  'preact-hooks.mjs': { specifier: 'preact/hooks', file: fileURLToPath(import.meta.resolve('preact/hooks')) },
  'htm.mjs': { specifier: 'htm', file: fileURLToPath(import.meta.resolve('htm')) },
};

const IMPORT_MAP = JSON.stringify({
  imports: Object.fromEntries(Object.entries(VENDOR_MODULES).map(([name, { specifier }]) => [specifier, `/app/vendor/${name}`])),
});

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/** The page document, with the import map inlined and allowed by its hash (no other inline script runs). */
const pageDocument = () => {
  const importMap = `<script type="importmap">${IMPORT_MAP}</script>`;
  const html = readFileSync(path.join(PAGE_DIRECTORY, 'index.html'), 'utf8').replace('<!-- import map -->', importMap);
  const hash = createHash('sha256').update(IMPORT_MAP).digest('base64');
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'sha256-${hash}'`,
    "img-src 'self' blob: data:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, policy };
};

export const createReviewPage = (): Router => {
  const router = Router();
  const { html, policy } = pageDocument();
  const withHeaders = (response: express.Response) => response.set(SECURITY_HEADERS).set('Content-Security-Policy', policy);

  // Routing is not strict, so `/app` matches both spellings; relative module URLs need the slash.
  router.get('/app', (request, response) => {
    if (!request.path.endsWith('/')) return response.redirect(301, '/app/');
    withHeaders(response).set('Cache-Control', 'no-cache').type('html').send(html);
  });
  router.get('/app/vendor/:name', (request, response, next) => {
    const module = VENDOR_MODULES[request.params.name];
    if (!module) return next();
    withHeaders(response).set('Cache-Control', 'public, max-age=3600').type('text/javascript').sendFile(module.file);
  });
  router.use(
    '/app',
    (_request, response, next) => {
      withHeaders(response);
      next();
    },
    express.static(PAGE_DIRECTORY, { index: false, redirect: false, fallthrough: true, maxAge: 0 }),
  );
  return router;
};
