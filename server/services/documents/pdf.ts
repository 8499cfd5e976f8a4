import { Worker } from 'node:worker_threads';
import { getDocumentProxy } from 'unpdf';
import { MAX_DOCUMENT_PIXELS, MAX_PDF_PAGES } from '../../../common/constants';
import { PayloadTooLarge, Unprocessable } from '../../errors';
import { assertNoDecompressionBomb } from './pdf-unpacking';
import { readPdfStructure } from './pdf-structure';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Rendered pages for OCR: 200 dpi reads 10-point print well at half the pixels of 300 dpi; the long side capped like photos. */
const RENDER_DPI = 200;
const RENDER_MAX_SIDE = 3300;

/** A page whose text layer holds fewer letters or digits than this is treated as a scan. */
const MIN_TEXT_CHARACTERS = 16;

export const ENCRYPTED_PDF = 'This PDF is encrypted or password-protected, so it cannot be read. Save or print it as a new PDF without a password and upload that.';
export const UNREADABLE_PDF = 'This PDF cannot be read: the file is damaged or not a real PDF. Try taking a photo of your document with the camera instead.';

const tooManyPages = (pages: number) => `This PDF has ${pages} pages; at most ${MAX_PDF_PAGES} can be read. Split it into smaller PDFs and upload each.`;

/**
 * Opens a PDF for reading after the checks made before pdf.js reads anything, on its objects as pdf.js
 * would read them: no encryption, no decompression bomb; then at most MAX_PDF_PAGES pages, counted before
 * any page is read.
 */
export async function openPdf(bytes: Buffer): Promise<PdfDocument> {
  const structure = await readPdfStructure(bytes);
  if (structure.encrypted) throw new Unprocessable(ENCRYPTED_PDF);
  await assertNoDecompressionBomb(bytes, structure);
  let document: PdfDocument;
  try {
    document = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, maxImageSize: MAX_DOCUMENT_PIXELS, verbosity: 0 });
  } catch (err) {
    throw new Unprocessable((err as { name?: string }).name === 'PasswordException' ? ENCRYPTED_PDF : UNREADABLE_PDF);
  }
  if (document.numPages > MAX_PDF_PAGES) {
    const pages = document.numPages;
    await document.destroy();
    throw new PayloadTooLarge(tooManyPages(pages));
  }
  return document;
}

/** A page's text layer, one line per line of text (pdf.js marks line ends). */
export async function pageText(document: PdfDocument, pageNumber: number): Promise<string> {
  const page = await document.getPage(pageNumber);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
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
