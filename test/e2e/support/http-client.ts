/** A tiny fetch client for e2e tests: JSON in, JSON (or text) out, headers lower-cased. */
export interface HttpReply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, instead of JSON-encoding `body`. */
  rawBody?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface HttpClient {
  baseUrl: string;
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<HttpReply<T>>;
}

/** A client for the API at `baseUrl`. */
export function httpClient(baseUrl: string): HttpClient {
  return {
    baseUrl,
    async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpReply<T>> {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | Buffer | undefined = options.rawBody;
      if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
      const res = await fetch(`${baseUrl}${path}${query}`, { method, headers, body });
      const text = await res.text();
      const parsed = (res.headers.get('content-type') ?? '').includes('json') && text ? (JSON.parse(text) as T) : (text as T);
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
  };
}
