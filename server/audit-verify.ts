/** `npm run audit:verify`: checks the audit trail's hash chain in the database the server would use. */
import './runtime/refuse-old-node';
import './runtime/load-env-file';
import { loadConfig } from './config';
import { openDatabase } from '../db/connection';
import { verifyAuditChain } from './services/audit-chain';

async function main(): Promise<void> {
  const db = await openDatabase(loadConfig());
  try {
    const verdict = await verifyAuditChain(db.knex);
    if (verdict.intact) {
      process.stdout.write(`Audit trail intact: ${verdict.rows} rows verified.\n`);
      return;
    }
    process.stdout.write(
      `Audit trail BROKEN at row ${verdict.brokenAt.seq} (id ${verdict.brokenAt.id}), after ${verdict.rows} good rows: ` +
        'that row was altered, or rows before it were removed.\n',
    );
    process.exitCode = 1;
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(2);
});
