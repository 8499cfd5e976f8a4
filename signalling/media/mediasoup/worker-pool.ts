import type { types as ms } from 'mediasoup';
import { log } from '../../../server/log';

type MediasoupModule = typeof import('mediasoup');

const RETRY_MS = 2000;

/**
 * One mediasoup worker per core (configurable), handed out round robin. A worker that dies is
 * replaced at once (and again every 2 s while that fails); its Routers close with it, and their rooms
 * learn of it through 'workerclose'. While no worker is alive, a request for one waits for the
 * replacement, so clients told to rejoin get their room back as soon as it can exist.
 */
export class WorkerPool {
  private readonly workers: ms.Worker[] = [];
  private readonly replacing = new Set<Promise<ms.Worker>>();
  private next = 0;
  private closed = false;

  private constructor(
    private readonly mediasoup: MediasoupModule,
    private readonly settings: ms.WorkerSettings,
  ) {}

  static async start(mediasoup: MediasoupModule, settings: ms.WorkerSettings, count: number): Promise<WorkerPool> {
    const pool = new WorkerPool(mediasoup, settings);
    for (let i = 0; i < count; i++) await pool.spawn(i);
    return pool;
  }

  private async spawn(index: number): Promise<ms.Worker> {
    const worker = await this.mediasoup.createWorker(this.settings);
    if (this.closed) {
      worker.close();
      throw new Error('The media worker pool is closed.');
    }
    worker.on('died', (error: Error) => {
      log.error({ pid: worker.pid, error: error.message }, 'mediasoup worker died');
      if (!this.closed) this.replace(index);
    });
    this.workers[index] = worker;
    return worker;
  }

  private replace(index: number): void {
    const attempt = this.spawn(index);
    this.replacing.add(attempt);
    attempt
      .then(
        (worker) => log.info({ pid: worker.pid }, 'mediasoup worker replaced'),
        (err) => {
          if (this.closed) return;
          log.error({ error: err instanceof Error ? err.message : String(err) }, 'mediasoup worker could not be replaced');
          setTimeout(() => !this.closed && this.replace(index), RETRY_MS).unref();
        },
      )
      .finally(() => this.replacing.delete(attempt));
  }

  /** A Router on a live worker; a worker that dies under the request is skipped (its replacement is picked). */
  async createRouter(options: ms.RouterOptions): Promise<ms.Router> {
    for (;;) {
      const worker = await this.pick();
      try {
        return await worker.createRouter(options);
      } catch (err) {
        if (!worker.died) throw err;
      }
    }
  }

  /** The next live worker, round robin; with none alive, the first replacement to come up. */
  private async pick(): Promise<ms.Worker> {
    for (let tries = 0; tries < this.workers.length; tries++) {
      const worker = this.workers[this.next++ % this.workers.length]!;
      if (!worker.closed && !worker.died) return worker;
    }
    if (this.replacing.size) {
      return Promise.any(this.replacing).catch(() => {
        throw new Error('No media worker is running.');
      });
    }
    throw new Error('No media worker is running.');
  }

  liveWorkers(): number {
    return this.workers.filter((worker) => !worker.closed && !worker.died).length;
  }

  close(): void {
    this.closed = true;
    for (const worker of this.workers) worker.close();
  }
}
