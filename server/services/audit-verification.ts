import type { Knex } from 'knex';
import { ChainWalk, chainRowsAfter, chainStart, legacyThrough, numberWaitingRows, type AuditKeys, type ChainRow } from './audit-chain';
import type { Checkpoint } from './audit-checkpoints';
import { AUDIT_CHAIN_TRIGGER_BODY, AUDIT_NUMBERING_BODY } from '../../db/migrations/20261129000000_audit_numbered_after_commit';

const BATCH = 5000;

interface ChainHead {
  seq: number;
  id: string;
  link: string;
}

export type ChainVerdict =
  | { intact: true; rows: number; sealedThrough: number; head: ChainHead | null }
  | { intact: false; rows: number; problem: string; at?: { seq: number; id: string } };

type Seal = { seq: number; link: string };

async function sealsThrough(knex: Knex, afterSeq: number, throughSeq: number): Promise<Seal[]> {
  const rows = await knex('audit_seals').where('seq', '>', afterSeq).andWhere('seq', '<=', throughSeq).orderBy('seq').select('seq', 'link');
  return rows.map((row: { seq: string; link: string }) => ({ seq: Number(row.seq), link: row.link }));
}

async function lastSeal(knex: Knex): Promise<number> {
  const row = await knex('audit_seals').max('seq as seq').first();
  return Number(row?.seq ?? 0);
}

/** A row may wait this long for its place (the sealer numbers every 2 s) before a wait means the numbering stopped. */
const LONGEST_WAIT = '1 minute';

/** What is wrong with the trigger and the function that place the rows, if they are not the migration's, or not on. */
async function numberingProblem(knex: Knex): Promise<string | null> {
  const { rows } = await knex.raw<{ rows: Array<{ body: string; enabled: string }> }>(
    `SELECT p.prosrc AS body, t.tgenabled AS enabled FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
     WHERE t.tgrelid = 'audit_events'::regclass AND t.tgname = 'audit_events_chain'`,
  );
  const trigger = rows[0];
  if (!trigger) return "the trigger audit_events_chain, which leaves the rows' places to the numbering, is gone";
  if (trigger.body !== AUDIT_CHAIN_TRIGGER_BODY) return "the function audit_events_chain, which leaves the rows' places to the numbering, was changed";
  if (trigger.enabled !== 'O') return "the trigger audit_events_chain, which leaves the rows' places to the numbering, was switched off";
  const { rows: numbering } = await knex.raw<{ rows: Array<{ body: string }> }>(`SELECT prosrc AS body FROM pg_proc WHERE proname = 'audit_events_number'`);
  if (numbering[0]?.body !== AUDIT_NUMBERING_BODY) return 'the function audit_events_number, which numbers the rows, was changed or is gone';
  return null;
}

/**
 * Numbers the waiting rows, as the sealer would; on a read-only standby (or in a read-only transaction) the
 * primary's sealer numbers them, and the rows written in the last seconds are left out of this check.
 */
async function numberWaitingRowsIfWritable(knex: Knex): Promise<void> {
  const { rows } = await knex.raw<{ rows: Array<{ readOnly: boolean }> }>(`SELECT current_setting('transaction_read_only') = 'on' AS "readOnly"`);
  if (!rows[0]!.readOnly) await numberWaitingRows(knex);
}

/** Rows still without a place after the numbering, written over a minute ago: the numbering no longer reaches them. */
async function leftWaiting(knex: Knex): Promise<string | null> {
  const row = await knex('audit_events').whereNull('seq').andWhereRaw(`created_at < now() - interval '${LONGEST_WAIT}'`).count<{ count: string }[]>('* as count').first();
  const count = Number(row?.count ?? 0);
  return count ? `${count} rows written over a minute ago have no place in the chain: the numbering does not reach them` : null;
}

/**
 * Recomputes the keyed chain (server/services/audit-chain.ts) over every row, in `seq` order, and checks it
 * against every seal and, when given, the operator's checkpoint. Broken when a row is missing from its
 * place or carries no fitting tag, when the chain differs from a seal or the checkpoint (rows up to there
 * were removed, added, altered or re-timed, or the links rebuilt without the key), or when the trail ends
 * before the last seal or the checkpoint (rows were removed at the end). Also broken while the trigger or
 * the function that place the rows is not the migration's, or rows are left without a place. It first
 * numbers the committed rows that wait for their place, as the sealer would.
 */
export async function verifyAuditChain(knex: Knex, keys: AuditKeys, expected?: Checkpoint): Promise<ChainVerdict> {
  const tampered = await numberingProblem(knex);
  if (tampered) return { intact: false, rows: 0, problem: tampered };
  await numberWaitingRowsIfWritable(knex);
  const waiting = await leftWaiting(knex);
  if (waiting) return { intact: false, rows: 0, problem: waiting };
  const untaggedThrough = await legacyThrough(knex);
  if (untaggedThrough === null) return { intact: false, rows: 0, problem: 'audit_chain_start, where the chain begins, is missing' };
  const walk = new ChainWalk(keys, untaggedThrough, chainStart(keys, untaggedThrough), 0);
  let head: ChainRow | undefined;
  const broken = (problem: string, row?: ChainRow): ChainVerdict => ({ intact: false, rows: walk.seq, problem, ...(row ? { at: { seq: row.seq, id: row.id } } : {}) });

  for (;;) {
    const batch = await chainRowsAfter(knex, walk.seq, BATCH);
    if (!batch.length) break;
    const seals = await sealsThrough(knex, walk.seq, batch[batch.length - 1]!.seq);
    for (const row of batch) {
      const problem = walk.step(row);
      if (problem) return broken(`row ${row.seq}: ${problem}`, row);
      const seal = seals[0]?.seq === row.seq ? seals.shift() : undefined;
      if (seal && seal.link !== walk.link) {
        return broken(`the chain differs from its seal at row ${row.seq}: rows up to it were removed, added, altered or re-timed`, row);
      }
      if (expected?.seq === row.seq && (expected.id !== row.id || expected.link !== walk.link)) {
        return broken(`the chain differs from the checkpoint at row ${row.seq}: rows up to it were removed, added, altered or re-timed`, row);
      }
      head = row;
    }
    if (batch.length < BATCH) break;
  }
  const sealedThrough = await lastSeal(knex);
  if (sealedThrough > walk.seq) return broken(`the trail ends at row ${walk.seq} but was sealed through row ${sealedThrough}: rows at the end were removed`);
  if (expected && expected.seq > walk.seq) return broken(`the trail ends at row ${walk.seq}, before the checkpoint's row ${expected.seq}: rows at the end were removed`);
  return { intact: true, rows: walk.seq, sealedThrough, head: head ? { seq: head.seq, id: head.id, link: walk.link } : null };
}
