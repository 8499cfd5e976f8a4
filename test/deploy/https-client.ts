import https from 'node:https';

export interface Answer {
  status: number;
  body: any;
  /** The body as it came, for files. */
  bytes: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One browser's worth of HTTPS: a cookie jar, the page's Origin on state-changing requests, and trust in
 * exactly the proxy's certificate authority (Caddy's local one), so TLS is checked rather than ignored.
 */
export class HttpsClient {
  private readonly cookies = new Map<string, string>();
  private readonly agent: https.Agent;

  constructor(
    readonly baseUrl: string,
    private readonly ca: string,
  ) {
    this.agent = new https.Agent({ ca, keepAlive: false });
  }

  /** Another browser's first visit: the same address and trust, an empty cookie jar. */
  fresh(): HttpsClient {
    return new HttpsClient(this.baseUrl, this.ca);
  }

  cookieNames(): string[] {
    return [...this.cookies.keys()];
  }

  request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const url = new URL(path, this.baseUrl);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const sent: Record<string, string> = { ...headers };
    if (method !== 'GET') sent.origin ??= url.origin;
    if (payload) sent['content-type'] = 'application/json';
    if (this.cookies.size) sent.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve, reject) => {
      // TLS names the public host whatever Host header a check sends, as a browser's connection would.
      const request = https.request(url, { method, headers: sent, agent: this.agent, servername: url.hostname, timeout: 30_000 }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const text = bytes.toString('utf8');
          for (const cookie of response.headers['set-cookie'] ?? []) this.keep(cookie);
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // Not JSON: the page or an error text, kept as it came.
          }
          resolve({ status: response.statusCode ?? 0, body: parsed, bytes, headers: response.headers });
        });
      });
      request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
      request.on('error', reject);
      request.end(payload);
    });
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }

  private keep(cookie: string): void {
    const [pair] = cookie.split(';');
    const index = pair!.indexOf('=');
    const name = pair!.slice(0, index);
    const value = pair!.slice(index + 1);
    if (!value || /max-age=0|expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
