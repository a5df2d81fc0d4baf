import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import { expect } from 'chai';
import { parse } from 'yaml';

/**
 * Checks real responses against contracts/openapi.yaml, so the document and the implementation
 * cannot drift apart unnoticed. The document is loaded and its schemas compiled once per process.
 */

export const OPENAPI_PATH = new URL('../../contracts/openapi.yaml', import.meta.url);

/** Where the document's component schemas live for ajv: `#/components/schemas/X` becomes `${SCHEMAS_ID}#/$defs/X`. */
const SCHEMAS_ID = 'https://kontor.invalid/openapi/components.json';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

// ajv-formats is CommonJS; under NodeNext its default import is the module object at type level.
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as unknown as FormatsPlugin;

type Json = Record<string, unknown>;

interface Route {
  /** The full template including the server prefix, e.g. `/api/v1/{tenant_id}/documents`. */
  template: string;
  /** The key under `paths`, e.g. `/{tenant_id}/documents`. */
  pathKey: string;
  pattern: RegExp;
  parameterNames: string[];
  pathItem: Json;
}

interface Loaded {
  document: Json;
  routes: Route[];
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
}

export interface OperationMatch {
  template: string;
  pathKey: string;
  /** Lower-case method key in the path item, or `x-other-methods` for a method the path does not support. */
  operationKey: string;
  operation: Json;
  pathParameters: Record<string, string>;
}

let loaded: Loaded | undefined;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Resolves a local `#/...` reference in the document. */
export const resolvePointer = (document: unknown, ref: string): unknown => {
  if (!ref.startsWith('#')) throw new Error(`only local references are supported, got ${ref}`);
  const segments = ref
    .slice(1)
    .split('/')
    .slice(1)
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
  let current: unknown = document;
  for (const segment of segments) {
    if (!isObject(current) && !Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[segment];
    if (current === undefined) return undefined;
  }
  return current;
};

/** Follows `$ref` chains of non-schema objects (path items, responses, parameters). */
const deref = (document: Json, value: unknown): unknown => {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops += 1) {
    if (hops > 20) throw new Error(`reference cycle at ${current.$ref}`);
    const target = resolvePointer(document, current.$ref);
    if (target === undefined) throw new Error(`unresolvable $ref ${current.$ref}`);
    current = target;
  }
  return current;
};

/** Deep copy of a schema with its component references pointed at the ajv-registered components. */
const rewriteRefs = (value: unknown, prefix: string): unknown => {
  if (Array.isArray(value)) return value.map((entry) => rewriteRefs(entry, prefix));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key,
      key === '$ref' && typeof entry === 'string' && entry.startsWith('#/components/schemas/')
        ? `${prefix}${entry.slice('#/components/schemas/'.length)}`
        : rewriteRefs(entry, prefix),
    ]),
  );
};

const serverPrefixes = (document: Json, pathItem: Json): string[] => {
  const servers = (
    Array.isArray(pathItem.servers) ? pathItem.servers : Array.isArray(document.servers) ? document.servers : [{ url: '/' }]
  ) as Json[];
  return servers.map((server) => {
    const url = String(server.url ?? '/');
    const pathname = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? new URL(url).pathname : url;
    return pathname.replace(/\/+$/, '');
  });
};

const buildRoutes = (document: Json): Route[] => {
  const paths = isObject(document.paths) ? document.paths : {};
  const routes: Route[] = [];
  for (const [pathKey, rawItem] of Object.entries(paths)) {
    const pathItem = deref(document, rawItem) as Json;
    for (const prefix of serverPrefixes(document, pathItem)) {
      const template = `${prefix}${pathKey}`;
      const parameterNames: string[] = [];
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const parameter = /^\{([^}]+)\}$/.exec(part);
          if (!parameter) return escapeRegExp(part);
          parameterNames.push(parameter[1]!);
          return '([^/]+)';
        })
        .join('');
      routes.push({ template, pathKey, pattern: new RegExp(`^${source}$`), parameterNames, pathItem });
    }
  }
  // Concrete paths win over templated ones (OpenAPI path matching): fewer parameters first.
  return routes.sort((a, b) => a.parameterNames.length - b.parameterNames.length);
};

const load = (): Loaded => {
  if (loaded) return loaded;
  const document = parse(readFileSync(OPENAPI_PATH, 'utf8')) as Json;
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: SCHEMAS_ID, $defs: rewriteRefs(schemas, '#/$defs/') as Json });
  loaded = { document, routes: buildRoutes(document), ajv, validators: new Map() };
  return loaded;
};

/** The parsed OpenAPI document (shared, do not mutate). */
export const openApiDocument = (): Json => load().document;

/** Compiles (once) a schema taken from the document, e.g. a response's media type schema. */
export const compileOpenApiSchema = (key: string, schema: unknown): ValidateFunction => {
  const { ajv, validators } = load();
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(rewriteRefs(schema, `${SCHEMAS_ID}#/$defs/`) as Json);
    validators.set(key, validate);
  }
  return validate;
};

const splitPath = (path: string): string => {
  const withoutOrigin = /^[a-z][a-z0-9+.-]*:\/\//i.test(path) ? new URL(path).pathname : path;
  const bare = withoutOrigin.split(/[?#]/)[0] ?? '';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
};

/** A path parameter as the server reads it; one that does not decode (a client error the server answers 400) stays raw. */
const decodedParameter = (raw: string): string => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/** The operation a concrete request addresses, or undefined when the document does not describe it. */
export const findOperation = (method: string, path: string): OperationMatch | { problem: string } => {
  const { document, routes } = load();
  const requestPath = splitPath(path);
  const route = routes.find((candidate) => candidate.pattern.test(requestPath));
  if (!route) return { problem: `no path template of contracts/openapi.yaml matches ${requestPath}` };
  const values = route.pattern.exec(requestPath)!.slice(1);
  const pathParameters = Object.fromEntries(route.parameterNames.map((name, index) => [name, decodedParameter(values[index] ?? '')]));
  const lower = method.toLowerCase();
  const direct = lower === 'head' && !route.pathItem.head ? 'get' : lower;
  const described = HTTP_METHODS.filter((candidate) => isObject(route.pathItem[candidate]));
  if (isObject(route.pathItem[direct])) {
    return { template: route.template, pathKey: route.pathKey, operationKey: direct, operation: route.pathItem[direct], pathParameters };
  }
  const other = deref(document, route.pathItem['x-other-methods']);
  if ((HTTP_METHODS as readonly string[]).includes(lower) && isObject(other)) {
    return { template: route.template, pathKey: route.pathKey, operationKey: 'x-other-methods', operation: other, pathParameters };
  }
  return { problem: `${method.toUpperCase()} is not described for ${route.template} (described: ${described.join(', ') || 'none'})` };
};

const mediaTypeOf = (contentType: string) => (contentType.split(';')[0] ?? '').trim().toLowerCase();

const isJsonMediaType = (mediaType: string) => mediaType === 'application/json' || /\+json$/.test(mediaType);

const pickMediaType = (content: Json, contentType: string | undefined): { key: string; mediaType: string } | { problem: string } => {
  const keys = Object.keys(content);
  if (contentType === undefined) {
    const key = keys.find((candidate) => isJsonMediaType(candidate)) ?? keys[0];
    return key === undefined ? { problem: 'the response describes no content' } : { key, mediaType: key };
  }
  const mediaType = mediaTypeOf(contentType);
  const [type] = mediaType.split('/');
  const key = [mediaType, `${type}/*`, '*/*'].find((candidate) => keys.includes(candidate));
  return key === undefined
    ? { problem: `content type ${contentType} is not described (described: ${keys.join(', ')})` }
    : { key, mediaType };
};

const isEmptyBody = (body: unknown) =>
  body === undefined || body === null || body === '' || (body instanceof Uint8Array && body.length === 0);

const parseBody = (body: unknown): { value: unknown } | { problem: string } => {
  const text = typeof body === 'string' ? body : body instanceof Uint8Array ? Buffer.from(body).toString('utf8') : undefined;
  if (text === undefined) return { value: body };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { problem: `the body is not JSON: ${text.slice(0, 200)}` };
  }
};

const formatErrors = (errors: ErrorObject[] | null | undefined): string =>
  (errors ?? [])
    .slice(0, 25)
    .map((error) => `  ${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)} (${error.schemaPath})`)
    .join('\n') + ((errors?.length ?? 0) > 25 ? `\n  … ${(errors?.length ?? 0) - 25} more` : '');

const preview = (value: unknown): string => {
  const text = JSON.stringify(value, null, 1) ?? String(value);
  return text.length > 3000 ? `${text.slice(0, 3000)}…` : text;
};

/**
 * Asserts that a real response is what contracts/openapi.yaml describes for it.
 *
 * @param method      the request method (`GET`, `POST`, …; HEAD uses GET's description, body not checked)
 * @param path        the concrete request path (or URL), e.g. `/api/v1/acme/documents/123?include=x`
 * @param status      the response status
 * @param body        the response body: parsed JSON, a JSON string, or a Buffer (JSON or binary)
 * @param contentType the response Content-Type header; when given, it must be a described media type
 */
export const expectMatchesOpenApi = (method: string, path: string, status: number, body: unknown, contentType?: string): void => {
  const { document } = load();
  const where = `${method.toUpperCase()} ${path} -> ${status}`;
  const match = findOperation(method, path);
  if ('problem' in match) expect.fail(`OpenAPI: ${where}: ${match.problem}`);

  const responses = isObject(match.operation.responses) ? match.operation.responses : {};
  const statusKey = [String(status), `${String(status)[0]}XX`, 'default'].find((key) => key in responses);
  if (statusKey === undefined) {
    expect.fail(
      `OpenAPI: ${where}: status ${status} is not described for ${match.operationKey} ${match.template} (described: ${Object.keys(responses).join(', ')})`,
    );
  }
  const response = deref(document, responses[statusKey]) as Json;
  const content = isObject(response.content) ? response.content : undefined;
  if (!content || Object.keys(content).length === 0) {
    if (!isEmptyBody(body))
      expect.fail(`OpenAPI: ${where}: the response is described without content, but it has a body: ${preview(body)}`);
    return;
  }
  if (method.toUpperCase() === 'HEAD') return;

  const picked = pickMediaType(content, contentType);
  if ('problem' in picked) expect.fail(`OpenAPI: ${where}: ${picked.problem}`);
  const mediaTypeObject = (content[picked.key] ?? {}) as Json;

  if (!isJsonMediaType(picked.mediaType)) {
    if (isEmptyBody(body)) expect.fail(`OpenAPI: ${where}: expected a ${picked.mediaType} body, got none`);
    return;
  }
  const parsed = parseBody(body);
  if ('problem' in parsed) expect.fail(`OpenAPI: ${where}: ${parsed.problem}`);
  if (mediaTypeObject.schema === undefined) return;

  const validate = compileOpenApiSchema(`${match.template} ${match.operationKey} ${statusKey} ${picked.key}`, mediaTypeObject.schema);
  if (!validate(parsed.value)) {
    expect.fail(
      `OpenAPI: ${where} (${match.operationKey} ${match.template}, response ${statusKey}, ${picked.key}) does not match the document:\n` +
        `${formatErrors(validate.errors)}\nbody: ${preview(parsed.value)}`,
    );
  }
};

/** Asserts that a value matches one component schema, e.g. `CreateDocumentRequest`. */
export const expectMatchesOpenApiSchema = (schemaName: string, value: unknown): void => {
  const validate = compileOpenApiSchema(`schema ${schemaName}`, { $ref: `#/components/schemas/${schemaName}` });
  if (!validate(value)) {
    expect.fail(
      `OpenAPI: value does not match components/schemas/${schemaName}:\n${formatErrors(validate.errors)}\nvalue: ${preview(value)}`,
    );
  }
};
