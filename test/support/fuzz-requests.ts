import fc from 'fast-check';

/** One HTTP request as the fuzzer sends it. */
export interface FuzzRequest {
  method: string;
  /** Path and query string, as a client puts them after the origin. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** What the fuzzer aims at: real tenants, tokens and documents, so requests get past the first checks. */
export interface FuzzTargets {
  tenant: string;
  token: string;
  otherTenant: string;
  otherToken: string;
  documentIds: string[];
  fileIds: string[];
  /** An allowed download URL that answers 404, so the documents the fuzzer does create fail fast. */
  missingFileUrl: string;
  maxBodyBytes: number;
}

/** Where a DELETE aimed at one of the given documents goes instead: a well-formed id of no document. */
const SPARED_ID = '00000000-0000-4000-8000-000000000000';

/** A 1x1 PNG: a real file that processing finishes quickly. */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 80 });
const anyText = fc.string({ unit: 'binary', maxLength: 40 });

const encoded = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as UTF-8 bytes
  }
};

const percentBytes = fc
  .uint8Array({ minLength: 1, maxLength: 6 })
  .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join(''));
const oddSegments = fc.constantFrom(
  '..',
  '.',
  '%2F',
  '%2e%2e',
  '%00',
  '%FF%FE',
  '%',
  '%G1',
  '%E2%82',
  '%C0%AF',
  ';x',
  '~',
  'a%20b',
  '%ED%A0%80',
  'documents',
  'files',
  '',
);
const segment = fc.oneof(
  { arbitrary: anyText, weight: 2 },
  { arbitrary: anyText.map(encoded), weight: 2 },
  { arbitrary: percentBytes, weight: 2 },
  { arbitrary: oddSegments, weight: 3 },
);

const FIELDS = [
  'id',
  'created_at',
  'current_status',
  'status',
  'document_type',
  'error_codes',
  'extract_line_items',
  'accounting_document.amount_total',
  'accounting_document.invoice_date',
  'accounting_document.invoice_number',
  'accounting_document.including_tax',
  'sender_address.company_name',
  'receiver_address.country_code',
  'custom_fields.project',
  'custom_fields.order.customer.id',
  'custom_fields.a.b.c.d.e.f.g.h.i.j',
  'custom_fields.',
  'custom_fields.a..b',
  'amount_total',
  'colour',
  '',
];
const SUFFIXES = ['', '_not', '_blank', '_contains', '_fuzzy', '_lt', '_lte', '_gt', '_gte', '_range', '_range_not'];
const VALUES = [
  'done',
  'true',
  '0',
  '12',
  '-0.5',
  '1e5',
  '2026-03-01',
  '2026-02-30',
  '2026-03-01T10:00:00Z',
  '1..5',
  '5..1',
  '..',
  '',
  'Müller',
  'a'.repeat(3000),
];

const filterValue = fc.oneof(fc.constantFrom(...VALUES).map(encoded), anyText.map(encoded), percentBytes);
const queryParameter = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...FIELDS), fc.constantFrom(...SUFFIXES), filterValue)
      .map(([field, suffix, value]) => `filter[${field}${suffix}]=${value}`),
    weight: 5,
  },
  {
    arbitrary: fc.tuple(fc.constantFrom(...FIELDS), fc.boolean()).map(([field, descending]) => `sort=${descending ? '-' : ''}${field}`),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom('number', 'size', 'limit', ''),
        fc.constantFrom('1', '0', '-1', '100', '101', '1.5', 'x', '99999999999999999999'),
      )
      .map(([member, value]) => `page[${member}]=${value}`),
    weight: 2,
  },
  {
    arbitrary: fc
      .constantFrom('accounting_document', 'sender_address,receiver_address', 'nope', '', ',,')
      .map((value) => `include=${value}`),
    weight: 1,
  },
  {
    arbitrary: fc.constantFrom(
      'filter=x',
      'filter[a][b]=c',
      'filter[]=1',
      'page=2',
      'sort=a&sort=b',
      'filter[id]=1&filter[id]=2',
      '%FF=1',
      'x=%',
      '&&',
      '=',
      'a=%C3',
    ),
    weight: 2,
  },
  { arbitrary: fc.tuple(segment, segment).map(([key, value]) => `${key}=${value}`), weight: 1 },
);
const queryString = fc.oneof(
  { arbitrary: fc.constant(''), weight: 3 },
  { arbitrary: fc.array(queryParameter, { minLength: 1, maxLength: 5 }).map((parameters) => `?${parameters.join('&')}`), weight: 4 },
);

const pathOf = (targets: FuzzTargets) => {
  const documentId = fc.oneof(
    { arbitrary: fc.constantFrom(...targets.documentIds), weight: 3 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: segment, weight: 2 },
  );
  const fileId = fc.oneof(fc.constantFrom(...targets.fileIds), segment);
  const tenant = fc.oneof(
    { arbitrary: fc.constant(targets.tenant), weight: 12 },
    { arbitrary: fc.constant(targets.otherTenant), weight: 1 },
    { arbitrary: segment, weight: 1 },
  );
  const resource = fc.oneof(
    { arbitrary: fc.constant('documents'), weight: 6 },
    { arbitrary: documentId.map((id) => `documents/${id}`), weight: 4 },
    { arbitrary: fc.tuple(documentId, fileId).map(([id, file]) => `documents/${id}/files/${file}`), weight: 1 },
    { arbitrary: fc.tuple(documentId, fc.constantFrom('audit', 'export')).map(([id, what]) => `documents/${id}/${what}`), weight: 1 },
    { arbitrary: fc.array(segment, { minLength: 0, maxLength: 4 }).map((segments) => segments.join('/')), weight: 2 },
  );
  return fc
    .tuple(fc.constantFrom('/v1', '/api/v1', '/v1', '/api/v1', '', '/v2'), tenant, resource, queryString)
    .map(([prefix, tenantId, rest, query]) => `${prefix}/${tenantId}/${rest}${query}`);
};

const headersOf = (targets: FuzzTargets) =>
  fc
    .record({
      authorization: fc.oneof(
        { arbitrary: fc.constant(`Bearer ${targets.token}`), weight: 20 },
        { arbitrary: fc.constant(`Bearer ${targets.otherToken}`), weight: 1 },
        {
          arbitrary: fc.constantFrom(
            'Bearer',
            'Bearer wrong-token-123',
            'Basic YTpi',
            `bearer   ${targets.token}  `,
            `Bearer ${targets.token} x`,
          ),
          weight: 1,
        },
        { arbitrary: printable, weight: 1 },
        { arbitrary: fc.constant(undefined), weight: 1 },
      ),
      'content-type': fc.oneof(
        { arbitrary: fc.constant('application/vnd.api+json'), weight: 12 },
        { arbitrary: fc.constant('application/json'), weight: 3 },
        {
          arbitrary: fc.constantFrom(
            'application/json; charset=utf-8',
            'application/json; charset=latin1',
            'application/json; charset=utf-16',
            'application/vnd.api+json; ext=bulk',
            'application/vnd.api+json;',
            'APPLICATION/VND.API+JSON',
            'text/plain',
            'multipart/form-data; boundary=x',
            'application/octet-stream',
            '',
            '*/*',
            ';;;',
          ),
          weight: 3,
        },
        { arbitrary: printable, weight: 1 },
        { arbitrary: fc.constant(undefined), weight: 1 },
      ),
      accept: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 6 },
        {
          arbitrary: fc.constantFrom(
            'application/vnd.api+json',
            '*/*',
            'application/json',
            'text/html',
            'application/vnd.api+json; ext=x',
            'image/*, */*;q=0.1',
            '',
          ),
          weight: 4,
        },
        { arbitrary: printable, weight: 1 },
      ),
      'content-encoding': fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 30 },
        { arbitrary: fc.constantFrom('gzip', 'identity', 'br, gzip', 'x'), weight: 1 },
      ),
    })
    .map((headers) => Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined)));

/** Values a mutation puts somewhere into a body: wrong types, huge strings, deep nesting, bad base64. */
const hostileValue = (targets: FuzzTargets) =>
  fc.oneof(
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 24 },
    {
      arbitrary: fc.constantFrom(
        null,
        true,
        0,
        -1,
        1e308,
        '',
        [],
        {},
        'not base64!!',
        'aGVsbG8',
        '====',
        'data:x/y;base64,AAAA',
        `data:image/png;base64,${TINY_PNG}`,
        'ftp://x/a.pdf',
        'http://',
        'https://169.254.169.254/latest',
        targets.missingFileUrl,
      ),
      weight: 16,
    },
    { arbitrary: fc.integer({ min: 20_000, max: 150_000 }).map((length) => 'A'.repeat(length)), weight: 1 },
    {
      arbitrary: fc.integer({ min: 5, max: 80 }).map((depth) => JSON.parse(`${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`) as unknown),
      weight: 3,
    },
  );

/** The JSON paths of a value's members, the value itself first. */
const pathsIn = (value: unknown, at: Array<string | number> = []): Array<Array<string | number>> => {
  if (value === null || typeof value !== 'object') return [at];
  const members = Array.isArray(value) ? value.map((member, index) => [index, member] as const) : Object.entries(value);
  return [at, ...members.flatMap(([key, member]) => pathsIn(member, [...at, key]))];
};

interface Mutation {
  at: number;
  kind: 'replace' | 'remove' | 'add' | 'wrap';
  key: string;
  value: unknown;
}

/** Applies mutations to a copy of a JSON body; each picks a member by index among all members. */
const mutated = (body: unknown, mutations: Mutation[]): unknown => {
  let result = structuredClone(body);
  for (const { value: shared, ...mutation } of mutations) {
    // Generated values may be shared instances (constants): each insertion gets its own copy.
    const value = structuredClone(shared);
    const paths = pathsIn(result);
    const path = paths[mutation.at % paths.length]!;
    if (path.length === 0) {
      result = mutation.kind === 'wrap' ? [result] : mutation.kind === 'replace' ? value : result;
      continue;
    }
    const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], result); // eslint-disable-line @typescript-eslint/no-explicit-any -- walking arbitrary JSON
    const key = path[path.length - 1]!;
    if (mutation.kind === 'replace') parent[key] = value;
    else if (mutation.kind === 'wrap') parent[key] = [parent[key]];
    else if (mutation.kind === 'remove') Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key];
    else if (typeof parent[key] === 'object' && parent[key] !== null && !Array.isArray(parent[key])) parent[key][mutation.key] = value;
    else parent[key] = { [mutation.key]: value };
  }
  return result;
};

const createBodyOf = (targets: FuzzTargets) =>
  fc
    .record(
      {
        urls: fc.constant([targets.missingFileUrl]),
        base64_files: fc.constantFrom([TINY_PNG], [`data:image/png;base64,${TINY_PNG}`]),
        custom_fields: fc.dictionary(fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
        document_type: fc.constantFrom('invoice', 'receipt', 'poem'),
        extract_line_items: fc.boolean(),
        extraction_process: fc.constantFrom('basic-extraction', 'full-extraction', 'magic'),
      },
      { requiredKeys: [] },
    )
    .chain((attributes) => fc.constantFrom('documents', 'document').map((type) => ({ data: { type, attributes } })));

const mutationOf = (targets: FuzzTargets): fc.Arbitrary<Mutation> =>
  fc.record({
    at: fc.nat(),
    kind: fc.constantFrom('replace', 'replace', 'remove', 'add', 'wrap'),
    key: fc.oneof(
      fc.constantFrom('id', 'meta', 'relationships', 'colour', '__proto__', 'constructor', '$where', 'a.b', ''),
      fc.string({ maxLength: 10 }),
    ),
    value: hostileValue(targets),
  });

/** Raw bodies no JSON serializer produces: bad UTF-8, deep nesting, lone surrogates, truncation, oversize. */
const rawBodyOf = (targets: FuzzTargets, valid: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { arbitrary: fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)), weight: 8 },
    {
      arbitrary: fc
        .tuple(valid, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0x80, max: 0xff })), { minLength: 1, maxLength: 4 }))
        .map(([body, corruptions]) => {
          const bytes = Buffer.from(JSON.stringify(body), 'utf8');
          for (const [at, byte] of corruptions) bytes[at % bytes.length] = byte;
          return bytes;
        }),
      weight: 12,
    },
    {
      arbitrary: fc.tuple(valid, fc.nat()).map(([body, cut]) => {
        const text = JSON.stringify(body);
        return text.slice(0, cut % text.length);
      }),
      weight: 8,
    },
    { arbitrary: fc.integer({ min: 60, max: 150_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`), weight: 2 },
    { arbitrary: fc.integer({ min: 60, max: 50_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '"\\ud800"',
        '{"data":{"type":"documents","attributes":{"urls":["https://x.example/\\udc00"]}}}',
        '{"a":"\\uD83D"}',
        '{"a":"\\u00',
        'null',
        '1e999',
        '"x"',
        '{"__proto__":{"polluted":1}}',
        '',
        ' ',
        '\ufeff{}',
        '{"data":{"type":"documents","attributes":{"urls":["https://x.example/a"],"custom_fields":{"n":1e999}}}}',
      ),
      weight: 8,
    },
    {
      arbitrary: fc.integer({ min: -2, max: 20_000 }).map((extra) => `{"data":"${'A'.repeat(targets.maxBodyBytes - 12 + extra)}"}`),
      weight: 1,
    },
  );

/** A request body: mostly mutations of a valid create body, some arbitrary JSON, some raw bytes. */
const bodyOf = (targets: FuzzTargets) => {
  const valid = createBodyOf(targets);
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(valid, fc.array(mutationOf(targets), { minLength: 1, maxLength: 3 }))
        .map(([body, mutations]) => JSON.stringify(mutated(body, mutations))),
      weight: 12,
    },
    { arbitrary: valid.map((body) => JSON.stringify(body)), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'), weight: 2 },
    { arbitrary: rawBodyOf(targets, valid), weight: 5 },
  );
};

/** Random and mutated requests of every method against the API's paths; bodies only where fetch allows them. */
export const fuzzRequests = (targets: FuzzTargets): fc.Arbitrary<FuzzRequest> =>
  fc
    .tuple(
      fc.oneof(
        { arbitrary: fc.constant('GET'), weight: 9 },
        { arbitrary: fc.constant('POST'), weight: 8 },
        { arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE'), weight: 2 },
        { arbitrary: fc.constantFrom('HEAD', 'OPTIONS'), weight: 1 },
      ),
      pathOf(targets),
      headersOf(targets),
      bodyOf(targets),
    )
    .map(([method, aimed, headers, body]) => {
      // Erasing a document is a valid request; the documents the fuzz must leave unchanged are spared it.
      const path = method === 'DELETE' ? targets.documentIds.reduce((rest, id) => rest.replaceAll(id, SPARED_ID), aimed) : aimed;
      return method === 'GET' || method === 'HEAD' ? { method, path, headers } : { method, path, headers, body };
    });
