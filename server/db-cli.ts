/** `npm run db:migrate` and `npm run db:seed`: the same database the server would use (DATABASE_URL or embedded). */
import './runtime/refuse-old-node';
import './runtime/load-env-file';
import { loadConfig, ConfigError } from './config';
import { hashPassword } from './services/passwords';
import { moveOriginalsIntoDatabase } from './services/documents/move-originals';
import { log } from './log';
import { openDatabase, migrateToLatest } from '../db/connection';
import { seedDemo } from '../db/seeds/demo';

async function main(command: string | undefined): Promise<void> {
  if (command !== 'migrate' && command !== 'seed') {
    process.stderr.write('usage: server/db-cli.ts migrate | seed\n');
    process.exit(2);
  }
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    const applied = await migrateToLatest(db.knex);
    process.stdout.write(applied.length ? `applied migrations: ${applied.join(', ')}\n` : 'database schema is up to date\n');
    await moveOriginalsIntoDatabase(db.knex, config.dataDir, log);
    if (command === 'seed') {
      if (config.env === 'production') throw new ConfigError('Demo data is never seeded in production.');
      const demo = await seedDemo(db.knex, { hashPassword });
      process.stdout.write(demo ? `seeded demo data; patient ${demo.patient.username} / ${demo.patient.password}\n` : 'database already has users: demo data not seeded\n');
    }
  } finally {
    await db.close();
  }
}

main(process.argv[2]).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
