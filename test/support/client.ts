/** Headers that say where a request comes from; a browser page sends at least one with every state-changing request. */
const SOURCE_HEADERS = ['origin', 'sec-fetch-site'];

/** What a request came back with: enough for the client to keep cookies and read the body. */
export interface TransportAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** How a TestClient puts its requests on the wire; the WHATWG fetch by default. */
export type Transport = (url: string, init: RequestInit & { headers: Record<string, string> }) => Promise<TransportAnswer>;

const fetchTransport: Transport = async (url, init) => {
  const response = await fetch(url, init);
  return { status: response.status, headers: response.headers, text: await response.text() };
};

/**
 * A tiny HTTP client with a cookie jar, standing in for one browser on the server's own pages: it sends
 * the server's Origin with every state-changing request, as browsers do, unless it names its own Origin or Sec-Fetch-Site.
 */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
    private readonly transport: Transport = fetchTransport,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
    const given = { ...this.defaultHeaders, ...headers };
    const addsOrigin = method !== 'GET' && method !== 'HEAD' && !Object.keys(given).some((name) => SOURCE_HEADERS.includes(name.toLowerCase()));
    const init = { method, headers: addsOrigin ? { origin: new URL(this.baseUrl).origin, ...given } : given, redirect: 'manual' as const, body: undefined as string | undefined };
    if (this.cookies.size) init.headers.cookie = this.cookieHeader;
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      init.headers['content-type'] ??= 'application/json';
    }
    const response = await this.transport(`${this.baseUrl}${path}`, init);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const { text } = response;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }
  put(path: string, body?: unknown) {
    return this.request('PUT', path, body);
  }
  patch(path: string, body?: unknown) {
    return this.request('PATCH', path, body);
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }
}
