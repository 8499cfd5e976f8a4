// Reads the text layer of one PDF at a time, in a worker thread of the pool in pdf.ts: pdf.js parses fonts
// and content streams in JavaScript, which would otherwise share the server's event loop with every
// other request. Posted back: the page count once the document is open, each page's text as it is
// read, then the answer (see PdfTextAnswer in pdf.ts).
// Plain JavaScript so that Node runs it as it is under tsx, jest and production alike.
import { parentPort } from 'node:worker_threads';
import { getDocumentProxy } from 'unpdf';

/** A page's text layer, one line per line of text (pdf.js marks line ends). */
async function pageText(document, pageNumber) {
  const page = await document.getPage(pageNumber);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
}

async function readTextLayers(document, maxPages) {
  const pages = document.numPages;
  if (pages > maxPages) return { failure: 'too-many-pages', pages };
  parentPort.postMessage({ progress: { pages } });
  // Asked for all at once: pdf.js pipelines them.
  await Promise.all(
    Array.from({ length: pages }, async (_, index) => {
      const text = await pageText(document, index + 1);
      parentPort.postMessage({ progress: { pageNumber: index + 1, text } });
    }),
  );
  return { pages };
}

parentPort.on('message', async ({ bytes, maxImageSize, maxPages }) => {
  let document;
  try {
    document = await getDocumentProxy(bytes, { isEvalSupported: false, maxImageSize, verbosity: 0 });
  } catch (err) {
    parentPort.postMessage({ answer: { failure: err?.name === 'PasswordException' ? 'encrypted' : 'unreadable' } });
    return;
  }
  let answer;
  try {
    answer = await readTextLayers(document, maxPages);
  } catch {
    answer = { failure: 'unreadable' };
  }
  await document.destroy();
  parentPort.postMessage({ answer });
});
