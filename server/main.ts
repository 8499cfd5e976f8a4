import './runtime/refuse-old-node';
import './runtime/load-env-file';
import './runtime/short-gc-pauses';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, ConfigError, type Config } from './config';
import { connectAsAppRole, openDatabase, migrateToLatest, type Database } from '../db/connection';
import { DEMO_CREDENTIALS, seedDemo } from '../db/seeds/demo';
import { hashPassword } from './services/passwords';
import { moveOriginalsIntoDatabase } from './services/documents/move-originals';
import { createApp } from './app';
import { bootstrapAdmin } from './bootstrap';
import { ensureWebBuild } from './web-build';
import { attachSignalling, type Signalling } from '../signalling';
import { RealtimeEvents } from './services/realtime';
import { log } from './log';
import { createHttpServer } from './http-server';
import { shutDownOnSignals } from './shutdown';
import { configuredOrigin } from './lib/app-origin';
import { refuseStart } from './runtime/refuse-start';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) refuseStart(`${err.message}\nSee .env.example for every setting.`);
    throw err;
  }
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = readConfig();
  log.level = config.logLevel;
  const owner: Database = await openDatabase(config, (line) => log.debug(line));
  // Until the server runs, a signal has nothing to drain: the embedded PostgreSQL must not outlive the process.
  const stopDuringStartUp = () => {
    owner.stopNow();
    process.exit(1);
  };
  process.on('SIGTERM', stopDuringStartUp);
  process.on('SIGINT', stopDuringStartUp);
  const applied = await migrateToLatest(owner.knex);
  if (applied.length) log.info({ migrations: applied }, 'database migrated');
  await moveOriginalsIntoDatabase(owner.knex, config.dataDir, log);
  const demo = config.seedDemo ? await seedDemo(owner.knex, { hashPassword }) : null;
  if (config.admin) await bootstrapAdmin(owner.knex, config.admin);
  const db = await connectAsAppRole(owner, config.sessionKeys[0]!);
  const webRoot = await ensureWebBuild(ROOT);

  let signalling: Signalling | undefined;
  const realtime = new RealtimeEvents();
  const app = createApp({
    config,
    knex: db.knex,
    realtime,
    webRoot,
    mediaMode: () => signalling?.mediaMode ?? 'p2p',
    // Hinted whenever demo data is on (seeded now or at an earlier start), not only on the start that seeded it.
    demoDoctorLogin: config.seedDemo ? DEMO_CREDENTIALS.doctor : undefined,
  });
  await app.start();
  const server = createHttpServer(app, config);
  signalling = await attachSignalling(server, app);
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info(
    {
      url: configuredOrigin(config, port),
      database: db.embedded ? 'embedded PostgreSQL' : 'DATABASE_URL',
      media: signalling.mediaMode,
      startupMs: Date.now() - startedAt,
    },
    'MediVault is running',
  );
  if (demo) {
    // Under keys the redaction net leaves alone: these made-up credentials are what the line is for.
    log.info(
      {
        demoAccounts: {
          patient: `${demo.patient.username} / ${demo.patient.password} (or ${demo.patient.email}) at /login`,
          doctor: `${demo.doctor.email} / ${demo.doctor.password} at /doctor/login`,
          admin: `${demo.admin.email} / ${demo.admin.password} at /login, then /admin/doctors`,
        },
      },
      'Demo accounts (development data)',
    );
  }

  process.off('SIGTERM', stopDuringStartUp);
  process.off('SIGINT', stopDuringStartUp);
  shutDownOnSignals({ app, server, signalling, db }, config.shutdownGraceMs, log);
}

main().catch((err) => {
  log.error({ error: err instanceof Error ? err.message : String(err) }, 'start-up failed');
  process.exit(1);
});
