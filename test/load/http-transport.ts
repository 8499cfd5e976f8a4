/**
 * The clinic's clients talk over node:http with kept-alive connections rather than fetch. Measured in the
 * load generator at 110 requests/s: fetch's per-request objects (WHATWG streams, Request, Response) lived
 * long enough to be promoted, ~11 MB every 6 s, and each of those young-generation collections stopped the
 * generator for 35-56 ms, which timed the requests in flight as that much slower than the server served them.
 */
import http from 'node:http';
import type { Transport } from '../support/client';

/** Below the server's keep-alive timeout (Node's 5 s): a connection idle that long is closed here first, never reused as the server closes it. */
const IDLE_CONNECTION_MS = 4000;

/** The connection could not be made, or was cut mid-request (a process stopped, say). */
export class ConnectionFailure extends Error {}

export function keepAliveTransport(): Transport {
  const agent = new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS });
  return (url, init) =>
    new Promise((resolve, reject) => {
      const failed = (err: Error) => reject(new ConnectionFailure(err.message, { cause: err }));
      const request = http.request(url, { method: init.method, headers: init.headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', failed);
        response.on('end', () => {
          const headers = new Headers();
          for (let i = 0; i < response.rawHeaders.length; i += 2) headers.append(response.rawHeaders[i]!, response.rawHeaders[i + 1]!);
          resolve({ status: response.statusCode!, headers, text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      request.on('error', failed);
      request.end(init.body);
    });
}
