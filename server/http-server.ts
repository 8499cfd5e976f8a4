import http from 'node:http';
import type { App } from './app';
import type { Config } from './config';

export interface AppServer extends http.Server {
  /**
   * Stops taking connections and waits for the app's requests in flight to finish, at most `graceMs`, then
   * cuts the HTTP connections left. Resolves with how many requests were cut. Upgraded connections
   * (Socket.IO) are not the app's requests: whoever attached them closes them.
   */
  drain(graceMs: number): Promise<{ cut: number }>;
}

/**
 * The HTTP server for the app: a client that trickles its headers or body (slowloris) is cut off after
 * the configured times instead of holding a connection and its memory open. Node looks for such
 * connections every `connectionsCheckingInterval` (30 s unless told), so it looks often enough for
 * the headers timeout to mean what it says.
 */
export function createHttpServer(app: App, config: Config): AppServer {
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs } = config.http;
  const checkEveryMs = Math.max(250, Math.min(5000, headersTimeoutMs / 4));
  const handle = app.koa.callback();
  // Counted here, past Socket.IO: its long-polling requests, held open by design, are not the app's work.
  const inFlight = new Set<http.ServerResponse>();
  let draining = false;
  let settled: (() => void) | null = null;
  const server = http.createServer({ headersTimeout: headersTimeoutMs, requestTimeout: requestTimeoutMs, connectionsCheckingInterval: checkEveryMs }, (req, res) => {
    inFlight.add(res);
    // A client that keeps its connection open while the server drains gets it closed after this answer.
    if (draining) res.shouldKeepAlive = false;
    res.once('close', () => {
      inFlight.delete(res);
      if (!draining) return;
      // Its connection is idle once this answer is out: close it rather than wait for the client's next request.
      setImmediate(() => server.closeIdleConnections());
      if (inFlight.size === 0) settled?.();
    });
    void handle(req, res);
  });
  // Outlives the proxy's idle upstream connections: the proxy, not this server, closes an idle one, so
  // it never sends a request on a connection this server is closing (Node's 5 s default lost that race).
  server.keepAliveTimeout = keepAliveTimeoutMs;

  const drain = async (graceMs: number): Promise<{ cut: number }> => {
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    // Stops listening and closes idle keep-alive connections; a connection whose client has begun a request keeps it.
    server.close();
    if (inFlight.size) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([new Promise<void>((resolve) => (settled = resolve)), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
    }
    const cut = inFlight.size;
    server.closeAllConnections();
    return { cut };
  };
  return Object.assign(server, { drain });
}
