/**
 * Kept-alive connections: the server keeps an idle one open for HTTP_KEEP_ALIVE_TIMEOUT_MS (65 s unless
 * told), longer than a reverse proxy keeps its own, so the proxy is the side that closes it. With Node's
 * 5 s default the server closed first and now and then met the proxy's next request on the way: a 502.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { startTestServer } from '../support/app';

interface Answer {
  status: number;
  keepAlive: string | undefined;
  socket: Socket;
}

function get(url: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/api/health`, { agent }, (res) => {
        const socket = res.socket;
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, keepAlive: res.headers['keep-alive']?.toString(), socket }));
      })
      .on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('tells clients it keeps an idle connection 65 s by default', async () => {
  const server = await startTestServer();
  const agent = new http.Agent({ keepAlive: true });
  try {
    const answer = await get(server.url, agent);
    expect(answer.status).toBe(200);
    expect(answer.keepAlive).toBe('timeout=65');
  } finally {
    agent.destroy();
    await server.close();
  }
});

it('serves the next request on a connection idle past the headers timeout, and closes it once idle for the keep-alive time', async () => {
  const server = await startTestServer({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '3000', HTTP_HEADERS_TIMEOUT_MS: '1000' });
  const agent = new http.Agent({ keepAlive: true });
  try {
    const first = await get(server.url, agent);
    expect(first.keepAlive).toBe('timeout=3');
    let closedAfterMs: number | null = null;
    const idleSince = Date.now();
    first.socket.once('close', () => (closedAfterMs = Date.now() - idleSince));

    await sleep(2000);
    const second = await get(server.url, agent);
    expect(second.status).toBe(200);
    expect(second.socket).toBe(first.socket);
    expect(closedAfterMs).toBeNull();

    const idleAgainSince = Date.now();
    await new Promise<void>((resolve) => second.socket.once('close', () => resolve()));
    // Node's own timer may close it a little early or late, never at its 5 s default.
    expect(Date.now() - idleAgainSince).toBeGreaterThan(2500);
    expect(Date.now() - idleAgainSince).toBeLessThan(4900);
  } finally {
    agent.destroy();
    await server.close();
  }
}, 15_000);
