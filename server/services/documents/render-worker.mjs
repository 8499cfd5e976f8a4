// Renders the pages of one PDF for OCR, in a worker thread: pdf.js decodes images and draws from
// JavaScript, which would otherwise hold the server's event loop for the length of each page.
// Plain JavaScript so that Node runs it as it is under tsx, jest and production alike.
import { parentPort, workerData } from 'node:worker_threads';
import { getDocumentProxy, renderPageAsImage } from 'unpdf';

const { bytes, maxImageSize, dpi, maxSide } = workerData;
const documentReady = getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, maxImageSize, verbosity: 0 });

parentPort.on('message', async (pageNumber) => {
  try {
    const document = await documentReady;
    const page = await document.getPage(pageNumber);
    const { width, height } = page.getViewport({ scale: 1 });
    const scale = Math.min(dpi / 72, maxSide / Math.max(width, height));
    const png = await renderPageAsImage(document, pageNumber, { canvasImport: () => import('@napi-rs/canvas'), scale });
    parentPort.postMessage({ pageNumber, png }, [png]);
  } catch {
    parentPort.postMessage({ pageNumber, png: null });
  }
});
