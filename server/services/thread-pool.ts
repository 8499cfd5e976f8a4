import { Worker, type Transferable } from 'node:worker_threads';

export class ThreadTimeout extends Error {
  constructor(ms: number) {
    super(`The job took longer than ${ms} ms`);
    this.name = 'ThreadTimeout';
  }
}

/** The thread died mid-job: out of heap, a crash, or terminated. */
export class ThreadDied extends Error {
  constructor(code: number | string) {
    super(`The worker thread stopped (${code})`);
    this.name = 'ThreadDied';
  }
}

export class ThreadPoolClosed extends Error {
  constructor() {
    super('The thread pool is closed');
    this.name = 'ThreadPoolClosed';
  }
}

/**
 * What a pool's script posts back for a job: any number of `{ progress }` messages, then one `{ answer }`.
 * A job the script cannot do is an answer of its own kind, not a thrown error: errors lose their class
 * crossing threads.
 */
type ThreadMessage<Progress, Answer> = { progress: Progress } | { answer: Answer };

interface Job<Request, Progress, Answer> {
  request: Request;
  transfer: Transferable[];
  onProgress: (progress: Progress) => void;
  resolve: (answer: Answer) => void;
  reject: (err: Error) => void;
}

interface ThreadPoolOptions {
  /** The worker script: it answers each request it is posted with ThreadMessages. */
  script: URL;
  /** Threads at most; each runs one job at a time. */
  size: number;
  /**
   * Longest one job may take, counted from when its thread runs (a new thread's start, slow on a busy
   * machine, is not the job's); its thread is then terminated and the next job gets a new one.
   */
  timeoutMs: number;
  /** Old-generation heap of each thread: a job that needs more kills its own thread only. */
  heapMb: number;
}

/**
 * Runs jobs in worker threads, off the event loop: at most `size` threads, started when first needed and
 * kept for the next job, one job per thread, the rest queued in order. A job over its time limit fails
 * with ThreadTimeout, one whose thread dies with ThreadDied; either way the thread is replaced.
 */
export class ThreadPool<Request, Progress, Answer> {
  private readonly idle: Worker[] = [];
  private readonly busy = new Set<Worker>();
  private readonly running = new WeakSet<Worker>();
  private readonly queue: Array<Job<Request, Progress, Answer>> = [];
  private closed = false;

  constructor(private readonly options: ThreadPoolOptions) {}

  run(request: Request, { transfer = [], onProgress = () => undefined }: { transfer?: Transferable[]; onProgress?: (progress: Progress) => void } = {}): Promise<Answer> {
    if (this.closed) return Promise.reject(new ThreadPoolClosed());
    return new Promise<Answer>((resolve, reject) => {
      this.queue.push({ request, transfer, onProgress, resolve, reject });
      this.dispatch();
    });
  }

  /** Jobs waiting for a thread. */
  get queued(): number {
    return this.queue.length;
  }

  /** Threads running now (busy or idle). */
  get threads(): number {
    return this.idle.length + this.busy.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new ThreadPoolClosed());
    const threads = [...this.idle.splice(0), ...this.busy];
    this.busy.clear();
    await Promise.allSettled(threads.map((thread) => thread.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length && (this.idle.length || this.threads < this.options.size)) {
      this.start(this.idle.pop() ?? this.newThread(), this.queue.shift()!);
    }
  }

  private newThread(): Worker {
    const thread = new Worker(this.options.script, { resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb } });
    // Listened to for the thread's whole life: an 'error' nobody hears would end the server's process.
    thread.on('error', () => undefined);
    thread.once('online', () => this.running.add(thread));
    thread.once('exit', () => {
      const index = this.idle.indexOf(thread);
      if (index >= 0) this.idle.splice(index, 1);
    });
    return thread;
  }

  private start(thread: Worker, job: Job<Request, Progress, Answer>): void {
    this.busy.add(thread);
    let timer: NodeJS.Timeout | undefined;
    const settle = (outcome: { answer: Answer } | { error: Error }) => {
      clearTimeout(timer);
      thread.off('online', startClock);
      thread.off('message', onMessage);
      thread.off('error', onError);
      thread.off('exit', onExit);
      this.busy.delete(thread);
      if ('answer' in outcome) {
        if (!this.closed) this.idle.push(thread);
        job.resolve(outcome.answer);
      } else {
        void thread.terminate();
        job.reject(outcome.error);
      }
      if (!this.closed) this.dispatch();
    };
    const onMessage = (message: ThreadMessage<Progress, Answer>) => {
      if ('progress' in message) job.onProgress(message.progress);
      else settle({ answer: message.answer });
    };
    // An error event (an uncaught exception, out of heap) is followed by exit: the first one settles the job.
    const onError = (err: Error) => settle({ error: new ThreadDied((err as { code?: string }).code ?? err.name) });
    const onExit = (code: number) => settle({ error: this.closed ? new ThreadPoolClosed() : new ThreadDied(code) });
    const startClock = () => {
      timer = setTimeout(() => settle({ error: new ThreadTimeout(this.options.timeoutMs) }), this.options.timeoutMs);
    };
    if (this.running.has(thread)) startClock();
    else thread.once('online', startClock);
    thread.on('message', onMessage);
    thread.once('error', onError);
    thread.once('exit', onExit);
    thread.postMessage(job.request, job.transfer);
  }
}
