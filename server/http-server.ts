import http from 'node:http';
import type { App } from './app';
import type { Config } from './config';

/**
 * The HTTP server for the app: a client that trickles its headers or body (slowloris) is cut off after
 * the configured times instead of holding a connection and its memory open. Node looks for such
 * connections every `connectionsCheckingInterval` (30 s unless told), so it looks often enough for
 * the headers timeout to mean what it says.
 */
export function createHttpServer(app: App, config: Config): http.Server {
  const { headersTimeoutMs, requestTimeoutMs } = config.http;
  const checkEveryMs = Math.max(250, Math.min(5000, headersTimeoutMs / 4));
  return http.createServer({ headersTimeout: headersTimeoutMs, requestTimeout: requestTimeoutMs, connectionsCheckingInterval: checkEveryMs }, app.koa.callback());
}
