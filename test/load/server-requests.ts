/**
 * The server's own account of each request: its JSON 'request' log line, or 'socket request' for a socket
 * event (route or event, duration, and where the time went: the session read, the wait for a read's audit
 * row, the database queries), read from the
 * server process's output while the load runs. Beside what the clients measured, it tells the server's
 * time apart from the network's and the load generator's, and for the slowest requests which stage took it.
 */
import readline from 'node:readline';
import type { Readable } from 'node:stream';

export interface ServerRequest {
  /** As the clients name it: method and route pattern, or 'socket' and the event. */
  name: string;
  /** When the line was read (the request's end, give or take the pipe). */
  at: number;
  durationMs: number;
  sessionMs: number;
  auditMs: number;
  queryMs: number;
  queries: number;
  /** Waiting for a pooled database connection, inside the stages above or not. */
  poolWaitMs: number;
}

/** Where the slowest 1% of one route's requests spent their time, as means over those requests. */
export interface SlowRequestStages {
  name: string;
  count: number;
  serverP99: number;
  slowest: number;
  durationMs: number;
  sessionMs: number;
  auditMs: number;
  queryMs: number;
  queries: number;
  poolWaitMs: number;
  /** What no stage accounts for: the handler's own work, waiting for a pooled connection, the event loop. */
  otherMs: number;
}

export class ServerRequestLog {
  private readonly requests: ServerRequest[] = [];

  constructor(output: Readable) {
    readline.createInterface({ input: output }).on('line', (line) => {
      const socket = line.includes('"msg":"socket request"');
      if (!socket && !line.includes('"msg":"request"')) return;
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        const ms = (key: string) => (typeof entry[key] === 'number' ? (entry[key] as number) : 0);
        this.requests.push({
          name: socket ? `socket ${String(entry.event)}` : `${String(entry.method)} ${String(entry.route)}`,
          at: Date.now(),
          durationMs: ms('durationMs'),
          sessionMs: ms('sessionMs'),
          auditMs: ms('auditMs'),
          queryMs: ms('queryMs'),
          queries: ms('queries'),
          poolWaitMs: ms('poolWaitMs'),
        });
      } catch {
        // Not a JSON line (a crash's stack, say): the server's log test owns that.
      }
    });
  }

  /** The requests that ended from `from` (a Date.now()) on. */
  since(from: number): ServerRequest[] {
    return this.requests.filter((request) => request.at >= from);
  }
}

const tenths = (value: number) => Math.round(value * 10) / 10;
const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);

/** Per route, the slowest 1% of its requests (at least one) by the server's duration, and where their time went. */
export function slowRequestStages(requests: ServerRequest[]): SlowRequestStages[] {
  const byName = new Map<string, ServerRequest[]>();
  for (const request of requests) {
    const same = byName.get(request.name);
    if (same) same.push(request);
    else byName.set(request.name, [request]);
  }
  return [...byName]
    .map(([name, all]) => {
      const sorted = [...all].sort((a, b) => a.durationMs - b.durationMs);
      const p99Index = Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1);
      const slow = sorted.slice(p99Index);
      const of = (pick: (request: ServerRequest) => number) => tenths(mean(slow.map(pick)));
      return {
        name,
        count: all.length,
        serverP99: tenths(sorted[p99Index]!.durationMs),
        slowest: slow.length,
        durationMs: of((r) => r.durationMs),
        sessionMs: of((r) => r.sessionMs),
        auditMs: of((r) => r.auditMs),
        queryMs: of((r) => r.queryMs),
        queries: of((r) => r.queries),
        poolWaitMs: of((r) => r.poolWaitMs),
        otherMs: of((r) => Math.max(0, r.durationMs - r.sessionMs - r.auditMs - r.queryMs)),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
