/**
 * The page's only way to the server: the documented tenant API (contracts/openapi.yaml), on the
 * page's own origin, with the session's bearer token.
 */
const JSON_API = 'application/vnd.api+json';

export class ApiError extends Error {
  constructor(status, errors) {
    super(errors.map((error) => error.detail ?? error.title).join('; ') || `HTTP ${status}`);
    this.status = status;
    this.errors = errors;
  }
}

/** File and link URLs in responses are absolute; the page fetches their path on its own origin. */
const samePath = (url) => {
  const parsed = new URL(url, location.origin);
  return parsed.pathname + parsed.search;
};

const errorsOf = (payload) => (payload && Array.isArray(payload.errors) ? payload.errors : []);

/** `onUnauthorized` hears of a token the server no longer takes (revoked, or the server restarted without it). */
export const createApi = ({ tenant, token }, { onUnauthorized = () => {} } = {}) => {
  const base = `/v1/${encodeURIComponent(tenant)}`;
  const authorization = `Bearer ${token}`;
  const objectUrls = new Map();

  /** `path` below the tenant's root, or `url` as a response's link gave it. */
  const request = async (method, path, options) => send(method, base + path, options);
  const send = async (method, address, { body, headers = {} } = {}) => {
    const response = await fetch(address, {
      method,
      headers: {
        Accept: JSON_API,
        Authorization: authorization,
        ...(body ? { 'Content-Type': JSON_API } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const payload = await response.json().catch(() => null);
    if (response.status === 401) onUnauthorized();
    if (!response.ok) throw new ApiError(response.status, errorsOf(payload));
    return { body: payload, etag: response.headers.get('ETag') };
  };

  /** Files need the token too, so they are fetched and shown from object URLs. */
  const fileUrl = async (url) => {
    const path = samePath(url);
    if (!objectUrls.has(path)) {
      const pending = fetch(path, { headers: { Authorization: authorization } }).then(async (response) => {
        if (!response.ok) throw new ApiError(response.status, errorsOf(await response.json().catch(() => null)));
        return URL.createObjectURL(await response.blob());
      });
      objectUrls.set(path, pending);
      pending.catch(() => objectUrls.delete(path));
    }
    return objectUrls.get(path);
  };

  /** XMLHttpRequest, because fetch cannot report upload progress. */
  const createDocument = (attributes, onProgress) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${base}/documents`);
      xhr.setRequestHeader('Accept', JSON_API);
      xhr.setRequestHeader('Content-Type', JSON_API);
      xhr.setRequestHeader('Authorization', authorization);
      xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
      xhr.onerror = () => reject(new ApiError(0, []));
      xhr.onload = () => {
        let payload = null;
        try {
          payload = JSON.parse(xhr.responseText);
        } catch {
          // an answer without a JSON body is reported by its status alone
        }
        if (xhr.status === 201) resolve(payload);
        else reject(new ApiError(xhr.status, errorsOf(payload)));
      };
      xhr.send(JSON.stringify({ data: { type: 'documents', attributes } }));
    });

  return {
    tenant,
    listDocuments: (params) => request('GET', `/documents?${params}`),
    getDocument: (id) => request('GET', `/documents/${encodeURIComponent(id)}?include=accounting_document,sender_address,receiver_address`),
    /** The whole history: pages of 100 events, following `links.next`. */
    listEvents: async (id) => {
      const first = await request('GET', `/documents/${encodeURIComponent(id)}/events?page[size]=100`);
      const events = [...first.body.data];
      for (let next = first.body.links?.next; next;) {
        const page = await send('GET', samePath(next));
        events.push(...page.body.data);
        next = page.body.links?.next;
      }
      return events;
    },
    /** `meta` is the correction's `reason` and, optionally, the `reviewer`'s name. */
    correctAccountingDocument: (id, attributes, meta, etag) =>
      request('PATCH', `/documents/${encodeURIComponent(id)}/accounting_document`, {
        body: { data: { type: 'accounting_document', id, attributes, meta } },
        headers: etag ? { 'If-Match': etag } : {},
      }),
    createDocument,
    fileUrl,
    /** Frees the object URLs of fetched files (on sign-out). */
    forget: () => {
      for (const pending of objectUrls.values())
        pending.then(
          (url) => URL.revokeObjectURL(url),
          () => {},
        );
      objectUrls.clear();
    },
  };
};
