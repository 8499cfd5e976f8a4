import { startServerProcess } from '../support/server-process';
import { sfuTestsRun, testMediasoupWorkerBin } from '../support/mediasoup-worker';

const SLOW = 180_000;
const worker = testMediasoupWorkerBin();
const itWithWorker = sfuTestsRun('SFU start-up test') ? it : it.skip;

async function healthOf(url: string): Promise<{ media: string }> {
  return fetch(`${url}/api/health`).then((r) => r.json());
}

/** The server started as `npm start` starts it (tsx, tsconfig.json and all), not through jest's transform. */
describe('media at start-up', () => {
  itWithWorker('runs calls through the mediasoup SFU when a worker is named', async () => {
    const server = await startServerProcess({ DATABASE_URL: process.env.DATABASE_URL!, SEED_DEMO: 'false', MEDIASOUP_WORKER_BIN: worker ?? '', MEDIASOUP_WORKERS: '1' });
    try {
      expect((await healthOf(server.url)).media).toBe('sfu');
      expect(server.output()).toContain('calls run through the mediasoup SFU');
    } finally {
      await server.stop();
    }
  }, SLOW);

  it('falls back to peer-to-peer with one line naming a missing worker', async () => {
    const server = await startServerProcess({ DATABASE_URL: process.env.DATABASE_URL!, SEED_DEMO: 'false', MEDIASOUP_WORKER_BIN: '/nonexistent/mediasoup-worker' });
    try {
      expect((await healthOf(server.url)).media).toBe('p2p');
      const mediaLines = server.output().split('\n').filter((line) => /mediasoup|peer-to-peer/.test(line));
      expect(mediaLines).toHaveLength(1);
      expect(mediaLines[0]).toContain('MEDIASOUP_WORKER_BIN=/nonexistent/mediasoup-worker is not an executable file');
    } finally {
      await server.stop();
    }
  }, SLOW);
});
