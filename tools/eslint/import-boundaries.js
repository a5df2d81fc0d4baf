import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The top folder a repository path lies in, and for services/<name>/… the service's name. */
const placeOf = (file) => {
  const [top, service] = path.relative(ROOT, file).split(path.sep);
  return { top, service: top === 'services' ? service : undefined };
};

const isTest = (file) => file.endsWith('.test.ts') || placeOf(file).top === 'test';
const PRODUCTION = new Set(['services', 'shared', 'contracts']);

/**
 * Why an import from `file` of `target` (both absolute) crosses a boundary, or null when it does not:
 * - what runs in production (services, shared, contracts) imports neither tests, nor benchmarks, nor the harness;
 * - shared/ and contracts/ sit below the services and import none of them;
 * - benchmarks and the harness import no test code;
 * - outside a service (benchmarks, the harness, another service), a service is reached only through its
 *   public entry point, services/<name>/index.ts, which exports what outsiders may use.
 */
const crossing = (file, target) => {
  const from = placeOf(file);
  const to = placeOf(target);
  if (isTest(file)) return null;
  if (PRODUCTION.has(from.top) && ['test', 'bench', 'harness'].includes(to.top))
    return `production code (${from.top}/) must not import ${to.top}/: dist/ holds only what runs`;
  if ((from.top === 'shared' || from.top === 'contracts') && to.top === 'services')
    return `${from.top}/ sits below the services and must not import them`;
  if ((from.top === 'bench' || from.top === 'harness') && to.top === 'test') return `${from.top}/ must not import test code`;
  const outsider = from.top === 'bench' || from.top === 'harness' || (from.top === 'services' && from.service !== to.service);
  const entryPoint = path.join(ROOT, 'services', to.service ?? '', 'index.js');
  if (to.top === 'services' && outsider && target !== entryPoint)
    return `reach services/${to.service} through its public entry point, services/${to.service}/index.ts`;
  return null;
};

/** ESLint rule: imports respect the repository's boundaries (see `crossing`). */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports respect the boundaries between production code, services, benchmarks and tests.' },
    messages: { crossing: '{{why}} (imports {{source}})' },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const why = crossing(context.filename, path.resolve(path.dirname(context.filename), source.value));
      if (why) context.report({ node: source, messageId: 'crossing', data: { why, source: source.value } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
