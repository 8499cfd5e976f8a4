import type { types as ms } from 'mediasoup';
import { log } from '../../../server/log';

type MediasoupModule = typeof import('mediasoup');

/**
 * One mediasoup worker per core (configurable), handed out round robin. A worker that dies is
 * replaced; its Routers close with it, and their rooms learn of it through 'workerclose'.
 */
export class WorkerPool {
  private workers: ms.Worker[] = [];
  private next = 0;
  private closed = false;

  private constructor(
    private readonly mediasoup: MediasoupModule,
    private readonly settings: ms.WorkerSettings,
  ) {}

  static async start(mediasoup: MediasoupModule, settings: ms.WorkerSettings, count: number): Promise<WorkerPool> {
    const pool = new WorkerPool(mediasoup, settings);
    for (let i = 0; i < count; i++) pool.workers.push(await pool.spawn(i));
    return pool;
  }

  private async spawn(index: number): Promise<ms.Worker> {
    const worker = await this.mediasoup.createWorker(this.settings);
    worker.on('died', (error: Error) => {
      log.error('mediasoup worker died', { pid: worker.pid, error: error.message });
      if (!this.closed) void this.replace(index);
    });
    return worker;
  }

  private async replace(index: number): Promise<void> {
    try {
      this.workers[index] = await this.spawn(index);
      log.info('mediasoup worker replaced', { pid: this.workers[index]!.pid });
    } catch (err) {
      log.error('mediasoup worker could not be replaced', { error: err instanceof Error ? err.message : String(err) });
      setTimeout(() => void this.replace(index), 2000).unref();
    }
  }

  /** The next live worker, round robin. */
  pick(): ms.Worker {
    for (let tries = 0; tries < this.workers.length; tries++) {
      const worker = this.workers[this.next++ % this.workers.length]!;
      if (!worker.closed && !worker.died) return worker;
    }
    throw new Error('No media worker is running.');
  }

  close(): void {
    this.closed = true;
    for (const worker of this.workers) worker.close();
  }
}
