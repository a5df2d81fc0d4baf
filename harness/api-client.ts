export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else undefined. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON:API documents
  bytes: Buffer;
}

export interface RequestOptions {
  token?: string | null;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export type ResponseObserver = (method: string, path: string, response: ApiResponse) => void;

/** A client that talks to Kontor the way the interface says clients do. */
export class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly defaultToken: string,
    private readonly observe: ResponseObserver = () => undefined,
  ) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const token = options.token === undefined ? this.defaultToken : options.token;
    const headers: Record<string, string> = {
      Accept: 'application/vnd.api+json',
      'Content-Type': 'application/vnd.api+json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...options.headers,
    };
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const bytes = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get('content-type') ?? '';
    const parsed = contentType.includes('json') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : undefined;
    const result = { status: response.status, headers: response.headers, body: parsed, bytes };
    this.observe(method, path, result);
    return result;
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }

  post(path: string, body: unknown, options?: RequestOptions) {
    return this.request('POST', path, { ...options, body });
  }

  /** Polls a document until it leaves `processing`, or fails the test after the deadline. */
  async waitUntilProcessed(documentPath: string, timeoutMs = 120_000): Promise<ApiResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const response = await this.get(documentPath);
      if (response.status !== 200) throw new Error(`GET ${documentPath} answered ${response.status}`);
      if (response.body.data.attributes.current_status !== 'processing') return response;
      if (Date.now() > deadline) throw new Error(`${documentPath} still processing after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
