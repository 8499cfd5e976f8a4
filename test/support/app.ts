import type { Logger } from 'pino';
import type { AddressInfo } from 'node:net';
import { createApp, type App } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { attachSignalling, type Signalling } from '../../signalling';
import { RealtimeEvents } from '../../server/services/realtime';
import { testKnex, closeTestKnex, ownTestDatabase } from './db';
import { log } from '../../server/log';
import { createHttpServer } from '../../server/http-server';
import { TEST_DATA_DIR } from './test-database';

export interface TestServer {
  app: App;
  config: Config;
  url: string;
  signalling: Signalling;
  close(): Promise<void>;
}

/**
 * The production app factory on a random port against the test database, with Socket.IO attached;
 * stored documents go under the tests' data directory.
 * Peer-to-peer unless the caller asks for MEDIA_MODE 'sfu': the suites always name a worker, which
 * would otherwise turn the default 'auto' into the SFU for every server.
 */
export async function startTestServer(env: Record<string, string> = {}, options: { logger?: Logger; jobPollingSeconds?: number } = {}): Promise<TestServer> {
  // A server that runs jobs gets a database of its own: the job queue is per database (see ownTestDatabase).
  const own = env.RUN_JOBS === 'true' ? await ownTestDatabase() : undefined;
  log.level = 'silent';
  // Peer-to-peer unless a test asks for the SFU (MEDIA_MODE: 'sfu'), which then gets the suite's worker.
  const worker = process.env.MEDIASOUP_WORKER_BIN ? { MEDIASOUP_WORKER_BIN: process.env.MEDIASOUP_WORKER_BIN } : {};
  // Suites sign up and sign in (some failing on purpose) from 127.0.0.1 all day against one database:
  // per-address limits only where a test sets them.
  const generousLimits = { SIGNUP_MAX_PER_ADDRESS: '100000', PASSKEY_OPTIONS_MAX_PER_ADDRESS: '100000', PASSWORD_RESET_MAX_PER_ADDRESS: '100000', LOGIN_ADDRESS_MAX_FAILURES: '100000', GUEST_JOIN_MAX_PER_ADDRESS: '100000', SHARED_LINK_MAX_PER_ADDRESS: '100000', SUPPORT_REQUEST_MAX_PER_ACCOUNT: '100000' };
  // Doctors and admins sign in with their password alone unless a suite asks for the second factor (test/api/mfa.test.ts).
  // HOST names the address it listens on below, so the links it writes (PUBLIC_URL unset) are its url.
  const databaseUrl = own?.url ?? process.env.DATABASE_URL;
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: TEST_DATA_DIR, HOST: '127.0.0.1', PORT: '0', MEDIA_MODE: 'p2p', RUN_JOBS: 'false', MFA_REQUIRED_FOR: 'none', ...generousLimits, ...worker, ...env });
  const knex = await testKnex(databaseUrl);
  let signalling: Signalling | undefined;
  const app = createApp({ config, knex, realtime: new RealtimeEvents(), mediaMode: () => signalling?.mediaMode ?? 'p2p', logger: options.logger, jobPollingSeconds: options.jobPollingSeconds });
  await app.start();
  const server = createHttpServer(app, config);
  signalling = await attachSignalling(server, app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    app,
    config,
    url: `http://127.0.0.1:${port}`,
    signalling,
    async close() {
      await signalling?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await closeTestKnex();
      await own?.drop();
    },
  };
}
