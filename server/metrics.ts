import type { Knex } from 'knex';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the signalling service holds on this process, read at each scrape. */
interface SignallingCounts {
  sockets: number;
  /** Consultation rooms with at least one socket of this process in them. */
  rooms: number;
  media: { workers: number; routers: number; producers: number; consumers: number };
}

interface RequestOutcome {
  method: string;
  route: string;
  status: number;
  durationMs: number;
}

/** A document reader's job queue, as the gauges read it (services/documents/ocr-pool.ts, services/thread-pool.ts). */
interface JobQueue {
  readonly queued: number;
  readonly threads: number;
}

/** The parts of knex's connection pool (tarn) the gauges read. */
interface PoolCounts {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

const NO_SIGNALLING: SignallingCounts = { sockets: 0, rooms: 0, media: { workers: 0, routers: 0, producers: 0, consumers: 0 } };

/**
 * The process's Prometheus series. Request series are recorded as requests finish; everything else is
 * a gauge that reads its count when scraped, so no other module carries metric code. One registry per
 * app (tests build several apps in one process).
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readSignalling: () => SignallingCounts = () => NO_SIGNALLING;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly errors: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route'>;

  constructor(knex: Knex, readers: { ocr: JobQueue; pdfText: JobQueue }) {
    const { ocr, pdfText } = readers;
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'medivault_' });
    // prom-client also writes each of these as a gauge named `*_total`, which Prometheus reserves for
    // counters (promtool rejects them); the same totals are the sums of the per-type gauges kept beside them.
    for (const total of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
      this.registry.removeSingleMetric(`medivault_${total}`);
    }
    this.requests = new Counter({ name: 'medivault_http_requests_total', help: 'HTTP requests answered, by route pattern and status', labelNames: ['method', 'route', 'status'], registers });
    this.errors = new Counter({ name: 'medivault_http_request_errors_total', help: 'HTTP requests answered with a 5xx, by route pattern', labelNames: ['method', 'route', 'status'], registers });
    this.duration = new Histogram({
      name: 'medivault_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });

    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge('medivault_socket_connections', 'Socket.IO connections open on this process', () => this.readSignalling().sockets);
    gauge('medivault_signalling_rooms', 'Consultation rooms with a socket on this process', () => this.readSignalling().rooms);
    gauge('medivault_sfu_workers', 'mediasoup workers alive (0 when calls run peer-to-peer)', () => this.readSignalling().media.workers);
    gauge('medivault_sfu_routers', 'mediasoup Routers open: one per consultation whose media runs here', () => this.readSignalling().media.routers);
    gauge('medivault_sfu_producers', 'mediasoup producers (tracks sent up to the SFU)', () => this.readSignalling().media.producers);
    gauge('medivault_sfu_consumers', 'mediasoup consumers (tracks sent down from the SFU)', () => this.readSignalling().media.consumers);

    gauge('medivault_ocr_queue_depth', 'Document pages waiting for an OCR thread', () => ocr.queued);
    gauge('medivault_ocr_threads', 'OCR worker threads running (busy or idle)', () => ocr.threads);
    gauge('medivault_pdf_queue_depth', 'PDFs waiting for a thread to read their text layer', () => pdfText.queued);
    gauge('medivault_pdf_threads', 'Threads reading PDF text layers (busy or idle)', () => pdfText.threads);

    const pool = () => (knex.client as { pool?: PoolCounts }).pool;
    gauge('medivault_db_pool_used_connections', 'Database connections in use', () => pool()?.numUsed() ?? 0);
    gauge('medivault_db_pool_free_connections', 'Database connections open and idle', () => pool()?.numFree() ?? 0);
    gauge('medivault_db_pool_pending_acquires', 'Queries waiting for a database connection', () => pool()?.numPendingAcquires() ?? 0);
  }

  recordRequest({ method, route, status, durationMs }: RequestOutcome): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    if (status >= 500) this.errors.inc(labels);
    this.duration.observe({ method, route }, durationMs / 1000);
  }

  /** Called once signalling is attached to the app's HTTP server. */
  readSignallingFrom(read: () => SignallingCounts): void {
    this.readSignalling = read;
  }
}
