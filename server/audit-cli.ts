/** What `audit:verify` and `audit:checkpoint` share: the database the server would use, the audit keys, and exit codes. */
import './runtime/refuse-old-node';
import './runtime/load-env-file';
import fs from 'node:fs';
import type { Knex } from 'knex';
import { loadConfig } from './config';
import { openDatabase } from '../db/connection';
import { auditKeysFrom, type AuditKeys } from './services/audit-chain';
import { verifyAuditChain, type ChainVerdict } from './services/audit-verification';
import type { Checkpoint } from './services/audit-checkpoints';

/** The value after `--name` on the command line, if given. */
export function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = process.argv[at + 1];
  if (!value || value.startsWith('--')) throw new Error(`--${name} needs a file name.`);
  return value;
}

export const readText = (file: string) => fs.readFileSync(file, 'utf8');

/** Verifies the chain and prints the verdict (to `out`); a broken chain sets exit code 1. */
export async function verifyAndReport(knex: Knex, keys: AuditKeys, expected?: Checkpoint, out: NodeJS.WritableStream = process.stdout): Promise<ChainVerdict> {
  const verdict = await verifyAuditChain(knex, keys, expected);
  if (verdict.intact) {
    const anchored = expected ? ` The checkpoint's row ${expected.seq} is among them.` : '';
    out.write(`Audit trail intact: ${verdict.rows} rows verified.${anchored} Sealed through row ${verdict.sealedThrough}.\n`);
  } else {
    const where = verdict.at ? ` (row ${verdict.at.seq}, id ${verdict.at.id})` : '';
    out.write(`Audit trail BROKEN after ${verdict.rows} good rows${where}: ${verdict.problem}.\n`);
    process.exitCode = 1;
  }
  return verdict;
}

/** Runs one command against the database; an error exits 2 with its message. */
export function runAuditCommand(command: (knex: Knex, keys: AuditKeys) => Promise<void>): void {
  const run = async () => {
    const config = loadConfig();
    const db = await openDatabase(config);
    try {
      await command(db.knex, auditKeysFrom(config.auditKey));
    } finally {
      await db.close();
    }
  };
  run().catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  });
}
