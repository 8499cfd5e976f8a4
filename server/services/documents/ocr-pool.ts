import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';

/**
 * The English model shipped in the npm package @tesseract.js-data/eng (the LSTM 'best_int' build that
 * tesseract.js itself would fetch for OEM.LSTM_ONLY). A local folder: tesseract.js reads it from disk and
 * never goes to the network.
 */
const ENGLISH_MODEL_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** How every worker is made: the shipped model, no cache written anywhere (the model is already on disk). */
export const WORKER_OPTIONS = { langPath: ENGLISH_MODEL_DIR, cacheMethod: 'none', gzip: true } as const;

export class OcrTimeout extends Error {
  constructor(ms: number) {
    super(`OCR took longer than ${ms} ms`);
    this.name = 'OcrTimeout';
  }
}

export class OcrPoolClosed extends Error {
  constructor() {
    super('The OCR pool is closed');
    this.name = 'OcrPoolClosed';
  }
}

/** A word as tesseract read it, with its confidence (0-100). */
interface RecognisedWord {
  text: string;
  confidence: number;
}

/** A page's text and the words it is made of. */
export interface OcrReading {
  text: string;
  words: RecognisedWord[];
}

/** TSV columns: level, page, block, paragraph, line, word, left, top, width, height, confidence, text. Level 5 rows are words. */
const TSV_WORD_LEVEL = '5';

function wordsOfTsv(tsv: string | null): RecognisedWord[] {
  return (tsv ?? '')
    .split('\n')
    .map((row) => row.split('\t'))
    .filter((columns) => columns[0] === TSV_WORD_LEVEL && columns.length >= 12)
    .map((columns) => ({ text: columns[11]!, confidence: Number(columns[10]) }));
}

interface Job {
  image: Buffer;
  onProgress?: (fraction: number) => void;
  resolve: (reading: OcrReading) => void;
  reject: (err: Error) => void;
}

/** One tesseract.js worker thread and the job it is reading, if any. */
interface Slot {
  worker: Worker;
  job: Job | null;
}

interface OcrPoolOptions {
  /** Worker threads at most; each reads one page at a time. */
  size: number;
  /** Longest one page may take; the worker reading it is then terminated and replaced. */
  timeoutMs: number;
}

/**
 * Reads images with tesseract.js in worker threads, off the event loop: at most `size` threads, started
 * when first needed and kept for the next page, one job per thread, the rest queued in order. A page
 * over its time limit fails with OcrTimeout and its thread is killed; the next job gets a new one.
 */
export class OcrPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private starting = 0;
  private closed = false;

  constructor(private readonly options: OcrPoolOptions) {}

  /** The page's text and words. `onProgress` hears tesseract's own progress through the page (0-1). */
  recognize(image: Buffer, onProgress?: (fraction: number) => void): Promise<OcrReading> {
    if (this.closed) return Promise.reject(new OcrPoolClosed());
    return new Promise<OcrReading>((resolve, reject) => {
      this.queue.push({ image, onProgress, resolve, reject });
      this.dispatch();
    });
  }

  /** Pages waiting for a thread. */
  get queued(): number {
    return this.queue.length;
  }

  /** Threads running now (busy or idle). */
  get threads(): number {
    return this.slots.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new OcrPoolClosed());
    const slots = [...this.slots];
    this.slots.clear();
    for (const slot of slots) slot.job?.reject(new OcrPoolClosed());
    await Promise.allSettled(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!this.queue.length) return;
      if (!slot.job) this.run(slot, this.queue.shift()!);
    }
    const wanted = Math.min(this.queue.length - this.starting, this.options.size - this.slots.size - this.starting);
    for (let i = 0; i < wanted; i += 1) void this.startWorker();
  }

  private async startWorker(): Promise<void> {
    this.starting += 1;
    const slot: Slot = { worker: undefined as unknown as Worker, job: null };
    try {
      slot.worker = await createWorker('eng', OEM.LSTM_ONLY, {
        ...WORKER_OPTIONS,
        logger: (message) => {
          if (message.status === 'recognizing text') slot.job?.onProgress?.(message.progress);
        },
      });
    } catch (err) {
      this.starting -= 1;
      // Nothing can be read without a worker: the waiting jobs learn why instead of waiting forever.
      for (const job of this.queue.splice(0)) job.reject(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    this.starting -= 1;
    if (this.closed) {
      await slot.worker.terminate();
      return;
    }
    this.slots.add(slot);
    this.dispatch();
  }

  private run(slot: Slot, job: Job): void {
    slot.job = job;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      this.slots.delete(slot);
      void slot.worker.terminate().catch(() => undefined);
      job.reject(new OcrTimeout(this.options.timeoutMs));
      this.dispatch();
    }, this.options.timeoutMs);
    slot.worker.recognize(job.image, {}, { text: true, tsv: true }).then(
      (result) => {
        if (timedOut) return;
        clearTimeout(timer);
        slot.job = null;
        job.resolve({ text: result.data.text ?? '', words: wordsOfTsv(result.data.tsv) });
        this.dispatch();
      },
      (err: unknown) => {
        if (timedOut) return;
        clearTimeout(timer);
        slot.job = null;
        job.reject(err instanceof Error ? err : new Error(String(err)));
        this.dispatch();
      },
    );
  }
}
