import { Worker } from 'node:worker_threads';
import { MAX_DOCUMENT_PIXELS, MAX_PDF_PAGES } from '../../../common/constants';
import { PayloadTooLarge, Unprocessable } from '../../errors';
import { ThreadPool, ThreadPoolClosed } from '../thread-pool';
import { assertNoActiveContent } from './pdf-active-content';
import { assertNoDecompressionBomb } from './pdf-unpacking';
import { readPdfStructure } from './pdf-structure';

/** Rendered pages for OCR: 200 dpi reads 10-point print well at half the pixels of 300 dpi; the long side capped like photos. */
const RENDER_DPI = 200;
const RENDER_MAX_SIDE = 3300;

/** A page whose text layer holds fewer letters or digits than this is treated as a scan. */
const MIN_TEXT_CHARACTERS = 16;

const ENCRYPTED_PDF = 'This PDF is encrypted or password-protected, so it cannot be read. Save or print it as a new PDF without a password and upload that.';
const UNREADABLE_PDF = 'This PDF cannot be read: the file is damaged or not a real PDF. Try taking a photo of your document with the camera instead.';

const tooManyPages = (pages: number) => `This PDF has ${pages} pages; at most ${MAX_PDF_PAGES} can be read. Split it into smaller PDFs and upload each.`;

interface PdfTextRequest {
  bytes: Uint8Array;
  maxImageSize: number;
  maxPages: number;
}

/** What pdf-text-worker.mjs posts while it reads: the page count once the document is open, then each page's text. */
type PdfTextProgress = { pages: number } | { pageNumber: number; text: string };

type PdfTextAnswer = { pages: number } | { failure: 'encrypted' | 'unreadable' } | { failure: 'too-many-pages'; pages: number };

export type PdfTextPool = ThreadPool<PdfTextRequest, PdfTextProgress, PdfTextAnswer>;

/** Heap for each thread reading text layers: a document that would need more fails alone. */
const TEXT_HEAP_MB = 512;

/** Threads that read PDFs' text layers with pdf.js, one document each at a time (see pdf-text-worker.mjs). */
export function createPdfTextPool(options: { size: number; timeoutMs: number }): PdfTextPool {
  return new ThreadPool({ script: new URL('./pdf-text-worker.mjs', import.meta.url), heapMb: TEXT_HEAP_MB, ...options });
}

interface PdfTextListener {
  opened(pages: number): void;
  page(pageNumber: number, text: string): void;
}

/**
 * The text layer of every page, after the checks made before pdf.js reads anything, on the PDF's objects
 * as pdf.js would read them (no encryption, no decompression bomb, no scripts, actions or attached files); then pdf.js reads it in a thread of
 * `pool`, counting its pages (at most MAX_PDF_PAGES) before it reads any. A document pdf.js cannot read,
 * whose thread runs out of heap or time, is unreadable (422); a closed pool's ThreadPoolClosed passes on.
 */
export async function readPdfText(pool: PdfTextPool, bytes: Buffer, listener: PdfTextListener): Promise<string[]> {
  const structure = await readPdfStructure(bytes);
  if (structure.encrypted) throw new Unprocessable(ENCRYPTED_PDF);
  await assertNoDecompressionBomb(bytes, structure);
  await assertNoActiveContent(bytes, structure);
  const texts: string[] = [];
  const copy = new Uint8Array(bytes);
  const answer = await pool
    .run(
      { bytes: copy, maxImageSize: MAX_DOCUMENT_PIXELS, maxPages: MAX_PDF_PAGES },
      {
        transfer: [copy.buffer],
        onProgress: (progress) => {
          if ('pages' in progress) return listener.opened(progress.pages);
          texts[progress.pageNumber - 1] = progress.text;
          listener.page(progress.pageNumber, progress.text);
        },
      },
    )
    .catch((err: Error) => {
      if (err instanceof ThreadPoolClosed) throw err;
      throw new Unprocessable(UNREADABLE_PDF);
    });
  if (!('failure' in answer)) return texts;
  if (answer.failure === 'too-many-pages') throw new PayloadTooLarge(tooManyPages(answer.pages));
  throw new Unprocessable(answer.failure === 'encrypted' ? ENCRYPTED_PDF : UNREADABLE_PDF);
}

/** Counts letters and digits only up to MIN_TEXT_CHARACTERS, rather than listing a whole page's. */
export function hasTextLayer(text: string): boolean {
  let found = 0;
  for (const _ of text.matchAll(/[\p{L}\p{N}]/gu)) if (++found >= MIN_TEXT_CHARACTERS) return true;
  return false;
}

/** Heap for the thread that renders one PDF's pages: a page that would need more fails alone. */
const RENDER_HEAP_MB = 512;

/**
 * Renders scanned pages of one PDF to PNG for OCR (200 dpi, long side capped) in a worker thread of its
 * own, off the event loop and with a bounded heap; started on the first page that needs it. A page
 * that cannot be drawn, crashes the thread or takes longer than `timeoutMs` answers null.
 */
export class PageRenderer {
  private worker: Worker | null = null;

  constructor(
    private readonly bytes: Buffer,
    private readonly timeoutMs: number,
  ) {}

  render(pageNumber: number): Promise<Buffer | null> {
    const worker = (this.worker ??= new Worker(new URL('./render-worker.mjs', import.meta.url), {
      workerData: { bytes: this.bytes, maxImageSize: MAX_DOCUMENT_PIXELS, dpi: RENDER_DPI, maxSide: RENDER_MAX_SIDE },
      resourceLimits: { maxOldGenerationSizeMb: RENDER_HEAP_MB },
    }));
    return new Promise((resolve) => {
      const finish = (png: Buffer | null) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        resolve(png);
      };
      const onMessage = (answer: { pageNumber: number; png: ArrayBuffer | null }) => {
        if (answer.pageNumber === pageNumber) finish(answer.png && Buffer.from(answer.png));
      };
      // A thread that died (out of heap) or was stopped renders nothing more; the next page starts another.
      const onExit = () => {
        this.worker = null;
        finish(null);
      };
      const timer = setTimeout(() => void this.close(), this.timeoutMs);
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      worker.postMessage(pageNumber);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}
