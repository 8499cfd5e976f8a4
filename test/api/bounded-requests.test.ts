/**
 * Bounded requests: a JSON body over the limit is refused while it streams in (before it is parsed, the
 * rest never read), and one with too many keys or too deep before any validation walks it; the server
 * keeps answering others meanwhile.
 */
import http from 'node:http';
import { startTestServer, type TestServer } from '../support/app';
import { MAX_JSON_DEPTH, MAX_JSON_KEYS } from '../../server/lib/json-shape';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TEN_MB = 10 * 1024 * 1024;

/** A body of `keys` keys, about `bytes` long in all. */
function manyKeys(keys: number): string {
  return `{${Array.from({ length: keys }, (_, i) => `"k${i}":0`).join(',')}}`;
}

interface Answer {
  status: number;
  body: { message?: string };
  ms: number;
  /** Bytes of the body the client had written when the answer came. */
  sentBeforeAnswer: number;
}

/** POSTs `body` in 64 kB chunks, as a slow client would, and notes how much was sent when the answer came. */
function postStreaming(path: string, body: string): Promise<Answer> {
  const bytes = Buffer.from(body);
  const { port } = new URL(server.url);
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': bytes.length } });
    req.on('response', (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString() || '{}'), ms: performance.now() - startedAt, sentBeforeAnswer }));
    });
    // The server ends the connection after its answer: writes after that fail, which is the point.
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const writeMore = () => {
      if (answered || sent >= bytes.length) return void (answered || req.end());
      const chunk = bytes.subarray(sent, sent + 65536);
      sent += chunk.length;
      req.write(chunk, () => setTimeout(writeMore, 1));
    };
    writeMore();
  });
}

async function healthWhile<T>(work: Promise<T>): Promise<{ result: T; healthMs: number[] }> {
  const healthMs: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      healthMs.push(performance.now() - started);
    }
  })();
  const result = await work.finally(() => (done = true));
  await probing;
  return { result, healthMs };
}

describe('bodies over the size limit', () => {
  it.each([
    ['10 MB of JSON', () => JSON.stringify({ username: 'x'.repeat(TEN_MB), password: 'y' })],
    ['a 900,000-key object', () => manyKeys(900_000)],
  ])('%s to /api/auth/login answers 413 before the body has arrived, and /api/health keeps answering', async (_, makeBody) => {
    const body = makeBody();
    expect(body.length).toBeGreaterThan(TEN_MB - 1024 * 1024);
    const { result, healthMs } = await healthWhile(postStreaming('/api/auth/login', body));
    expect(result.status).toBe(413);
    expect(result.body.message).toBe('The request body is too large (at most 64 KB).');
    expect(result.sentBeforeAnswer).toBeLessThan(body.length / 10);
    expect(healthMs.length).toBeGreaterThan(0);
  });
});

describe('bodies over the default 64 KB limit but far below 10 MB', () => {
  it.each([
    ['100 kB', 100 * 1024],
    ['1 MB', 1024 * 1024],
  ])('a %s sign-in answers 413 naming the limit, not a validation 400', async (_, bytes) => {
    const body = JSON.stringify({ usernameOrEmail: 'x'.repeat(bytes), password: 'y' });
    const result = await postStreaming('/api/auth/login', body);
    expect(result.status).toBe(413);
    expect(result.body.message).toBe('The request body is too large (at most 64 KB).');
  });
});

describe('bodies within the size limit but unbounded in shape', () => {
  it(`refuses more than ${MAX_JSON_KEYS} keys, nested ones counted, before validation`, async () => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'a', password: 'b', extra: JSON.parse(manyKeys(MAX_JSON_KEYS)) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('The request body has too many fields (at most 1,000).');
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels`, async () => {
    const deep = '{"a":'.repeat(MAX_JSON_DEPTH + 1) + '0' + '}'.repeat(MAX_JSON_DEPTH + 1);
    const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('The request body is nested too deeply (at most 20 levels).');
  });

  it('lets a body at the limits through to validation, which words its own answer', async () => {
    const atDepth = '{"a":'.repeat(MAX_JSON_DEPTH) + '0' + '}'.repeat(MAX_JSON_DEPTH);
    for (const body of [manyKeys(MAX_JSON_KEYS), atDepth]) {
      const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status).toBe(400);
    }
  });
});

describe('slow clients', () => {
  it('cuts off a request whose headers never finish', async () => {
    const slow = await startTestServer({ HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '1000' });
    try {
      const { port } = new URL(slow.url);
      const net = await import('node:net');
      const socket = net.connect(Number(port), '127.0.0.1');
      socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\n');
      const reply = await new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (d) => (text += d.toString()));
        socket.on('close', () => resolve(text));
      });
      expect(reply).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await slow.close();
    }
  });
});
