// A worker script for the thread pool's tests: each message names a chore and the thread does it,
// answering as the pool's scripts do (ThreadMessage in server/services/thread-pool.ts).
import { parentPort, threadId } from 'node:worker_threads';

const held = [];

parentPort.on('message', async (chore) => {
  if (chore.kind === 'echo') {
    for (let step = 1; step <= chore.steps; step++) parentPort.postMessage({ progress: step });
    parentPort.postMessage({ answer: { value: chore.value, threadId } });
  } else if (chore.kind === 'wait') {
    await new Promise((resolve) => setTimeout(resolve, chore.ms));
    parentPort.postMessage({ answer: { value: 'waited', threadId } });
  } else if (chore.kind === 'exit') {
    process.exit(3);
  } else if (chore.kind === 'hoard') {
    // Holds on to ever more memory until the thread's heap limit ends it.
    for (;;) held.push(new Array(1_000_000).fill(held.length));
  }
});
