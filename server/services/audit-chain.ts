import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

export type ChainVerdict = { intact: true; rows: number } | { intact: false; rows: number; brokenAt: { seq: number; id: string } };

const BATCH = 5000;

/**
 * Recomputes the audit trail's hash chain (see migration 20261123230000_audit_chain) row by row in
 * `seq` order, in batches, and names the first row whose stored hash does not follow from the row
 * before it: that row was altered, or rows before it were removed.
 */
export async function verifyAuditChain(knex: Knex): Promise<ChainVerdict> {
  let previous = '';
  let after = 0;
  let rows = 0;
  for (;;) {
    const { rows: batch } = await knex.raw<{ rows: Array<{ seq: string; id: string; hash: string; text: string }> }>(
      'SELECT seq, id, hash, audit_row_text(a) AS text FROM audit_events a WHERE seq > ? ORDER BY seq LIMIT ?',
      [after, BATCH],
    );
    for (const row of batch) {
      const expected = createHash('sha256').update(previous + row.text, 'utf8').digest('hex');
      if (row.hash !== expected) return { intact: false, rows, brokenAt: { seq: Number(row.seq), id: row.id } };
      previous = row.hash;
      rows += 1;
    }
    if (batch.length < BATCH) return { intact: true, rows };
    after = Number(batch[batch.length - 1]!.seq);
  }
}
