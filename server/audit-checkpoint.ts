/**
 * `npm run audit:checkpoint [-- --out file]`: verifies the audit trail, then writes a signed checkpoint of its
 * head (to the file, or to stdout). Kept away from the database, it lets `audit:verify --expect` see rows
 * removed from the end, which no chain can show by itself.
 */
import fs from 'node:fs';
import { option, runAuditCommand, verifyAndReport } from './audit-cli';
import { checkpointFile } from './services/audit-checkpoints';

runAuditCommand(async (knex, keys) => {
  const out = option('out');
  // The verdict goes to stderr: stdout may be the checkpoint itself.
  const verdict = await verifyAndReport(knex, keys, undefined, process.stderr);
  if (!verdict.intact) throw new Error('No checkpoint written: a broken trail is not vouched for.');
  if (!verdict.head) throw new Error('No checkpoint written: the audit trail is empty.');
  const file = checkpointFile(keys, verdict.head);
  if (out) {
    fs.writeFileSync(out, file, { mode: 0o600, flag: 'wx' });
    process.stderr.write(`Checkpoint of row ${verdict.head.seq} written to ${out}.\n`);
  } else {
    process.stdout.write(file);
  }
});
