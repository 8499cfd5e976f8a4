import { spawnSync } from 'node:child_process';
import { embeddedDatabaseUrl } from '../../../db/embedded';
import { testMediasoupWorkerBin } from '../../support/mediasoup-worker';

/** The peer-to-peer e2e server runs the embedded PostgreSQL (seeded with the demo data) on this port. */
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 54349);

/** Another e2e server on the same database: it sees the demo accounts and seeds nothing itself. */
export const SHARED_DATABASE_ENV = { DATABASE_URL: embeddedDatabaseUrl(E2E_PG_PORT), SEED_DEMO: 'false' };

/** The SFU worker built for the installed mediasoup, or undefined (then the SFU pass is skipped outside CI). */
export const SFU_WORKER = testMediasoupWorkerBin();

/**
 * What a server needs to run its calls in the given media mode. The SFU listens as `npm start` has it, on
 * every address, and names the one it chose to the browsers (signalling/media/mediasoup/announced-address.ts).
 */
export function mediaEnv(media: 'p2p' | 'sfu'): Record<string, string> {
  return media === 'sfu' ? { MEDIA_MODE: 'sfu', MEDIASOUP_WORKER_BIN: SFU_WORKER ?? '' } : { MEDIA_MODE: 'p2p' };
}

/** The pid of the process listening on the port of `baseURL` (an e2e server Playwright started). */
export function serverPid(baseURL: string): number {
  const { port } = new URL(baseURL);
  const listing = spawnSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' }).stdout;
  const pid = /pid=(\d+)/.exec(listing)?.[1];
  if (!pid) throw new Error(`no process listens on port ${port}: ${listing}`);
  return Number(pid);
}
