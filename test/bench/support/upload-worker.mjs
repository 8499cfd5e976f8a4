/**
 * Sends the documents bench's uploads from a thread of its own, as a browser sends them from another
 * machine: the client's work (serialising, fetch, reading the answer) is not the server's, whose event
 * loop is the bench process's main thread.
 * Message in: { url, cookie, body, documents, inFlight }; out: { error } or {} once `documents` uploads
 * were answered with a saved report, `inFlight` at a time (each lane starts its next as one ends).
 */
import { parentPort } from 'node:worker_threads';

async function upload(url, cookie, body) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: new URL(url).origin, cookie }, body });
  const answer = await response.json();
  if (!response.ok || !answer.success) throw new Error(`${url} answered ${response.status}: ${answer.message}`);
}

parentPort.on('message', async ({ url, cookie, body, documents, inFlight }) => {
  let started = 0;
  const lane = async () => {
    while (started < documents) {
      started += 1;
      await upload(url, cookie, body);
    }
  };
  try {
    await Promise.all(Array.from({ length: inFlight }, lane));
    parentPort.postMessage({});
  } catch (err) {
    parentPort.postMessage({ error: String(err) });
  }
});
