/**
 * `npm run audit:verify [-- --expect checkpoint.json]`: checks the audit trail's keyed chain in the database
 * the server would use, and, given a checkpoint from `audit:checkpoint`, that the trail still reaches it unchanged.
 */
import { option, readText, runAuditCommand, verifyAndReport } from './audit-cli';
import { readCheckpoint } from './services/audit-checkpoints';

runAuditCommand(async (knex, keys) => {
  const file = option('expect');
  await verifyAndReport(knex, keys, file ? readCheckpoint(keys, readText(file)) : undefined);
});
