/**
 * Bare pdf.js in a worker thread, for the documents bench's same-threads baseline: unpdf's extractText
 * (open, read every page, destroy) on the bytes each message brings; answers the page count.
 */
import { parentPort } from 'node:worker_threads';
import { extractText } from 'unpdf';

parentPort.on('message', async (bytes) => {
  const { totalPages } = await extractText(bytes, { mergePages: false });
  parentPort.postMessage(totalPages);
});
