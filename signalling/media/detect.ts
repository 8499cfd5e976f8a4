import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Config } from '../../server/config';

type WorkerDetection = { available: true; workerBin: string } | { available: false; reason: string };

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Where the installed mediasoup package keeps its own worker, or null when the package is absent. */
function packagedWorkerBin(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const main = require.resolve('mediasoup');
    // node/lib/index.js -> worker/out/Release/mediasoup-worker, as mediasoup's Worker.js resolves it.
    return path.join(path.dirname(main), '..', '..', 'worker', 'out', 'Release', 'mediasoup-worker');
  } catch {
    return null;
  }
}

/**
 * Decides whether the SFU can run: MEDIA_MODE=p2p never tries; otherwise it needs the mediasoup
 * package and a worker, the one named by MEDIASOUP_WORKER_BIN or else the package's own. The reason
 * is logged, in one line, when the SFU is not used.
 */
export function detectMediasoupWorker(media: Config['media']): WorkerDetection {
  if (media.mode === 'p2p') return { available: false, reason: 'MEDIA_MODE=p2p' };
  const packaged = packagedWorkerBin();
  if (!packaged) {
    return { available: false, reason: 'the optional mediasoup package is not installed (its install could not fetch a worker: install again with MEDIASOUP_WORKER_BIN naming one)' };
  }
  if (media.workerBin) {
    return isExecutable(media.workerBin)
      ? { available: true, workerBin: media.workerBin }
      : { available: false, reason: `MEDIASOUP_WORKER_BIN=${media.workerBin} is not an executable file` };
  }
  if (!isExecutable(packaged)) return { available: false, reason: 'mediasoup is installed without its worker binary (set MEDIASOUP_WORKER_BIN)' };
  return { available: true, workerBin: packaged };
}
