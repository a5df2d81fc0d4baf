import type { RequestOutcome, ReprocessTarget } from './bulk-reprocess.js';

export interface ApiAccess {
  /** The server, e.g. http://localhost:8080. */
  baseUrl: string;
  tenantId: string;
  token: string;
}

const ATTEMPTS = 5;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One API call, tried again on a network error or a 503 (the service is busy or restarting). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON:API answers
const call = async (access: ApiAccess, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> => {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`${access.baseUrl.replace(/\/$/, '')}/v1/${access.tenantId}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${access.token}`,
          Accept: 'application/vnd.api+json',
          'Content-Type': 'application/vnd.api+json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      if (response.status === 503 && attempt < ATTEMPTS) throw new Error('HTTP 503');
      return { status: response.status, json: await response.json().catch(() => null) };
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      await sleep(250 * 2 ** attempt);
    }
  }
};

const failure = (what: string, status: number, json: { errors?: Array<{ detail?: string; title?: string }> } | null) =>
  new Error(`${what}: HTTP ${status}${json?.errors?.[0] ? `: ${json.errors[0].detail ?? json.errors[0].title}` : ''}`);

/** The ids of every document a list query matches, oldest first, read page by page before anything changes them. */
export const listDocumentIds = async (
  access: ApiAccess,
  filters: URLSearchParams,
  onPage: (count: number, total: number) => void,
): Promise<string[]> => {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams(filters);
    query.set('sort', 'created_at');
    query.set('page[size]', '100');
    query.set('page[number]', String(page));
    const { status, json } = await call(access, 'GET', `/documents?${query.toString()}`);
    if (status !== 200) throw failure('listing documents', status, json);
    ids.push(...(json.data as Array<{ id: string }>).map((document) => document.id));
    onPage(ids.length, json.meta.total as number);
    if (page >= (json.meta.page.total_pages as number)) return ids;
  }
};

/** Reprocessing over the API: 202 accepted; 409 says whether it is already processing or has nothing to redo. */
export const apiTarget = (access: ApiAccess, scope: 'extraction' | 'conversion', reason: string | null): ReprocessTarget => ({
  async request(documentId): Promise<RequestOutcome> {
    const body = { data: { type: 'reprocessing', attributes: { scope, ...(reason ? { reason } : {}) } } };
    const { status, json } = await call(access, 'POST', `/documents/${documentId}/reprocess`, body);
    if (status === 202) return 'accepted';
    const code = json?.errors?.[0]?.code as string | undefined;
    if (status === 409 && code === 'document_processing') return 'already_processing';
    if (status === 409 && code === 'nothing_to_reprocess') return 'nothing_to_reprocess';
    throw failure(`reprocessing ${documentId}`, status, json);
  },
  async isFinished(documentId) {
    const { status, json } = await call(access, 'GET', `/documents/${documentId}`);
    if (status === 404) return true;
    if (status !== 200) throw failure(`reading ${documentId}`, status, json);
    return json.data.attributes.current_status !== 'processing';
  },
});
