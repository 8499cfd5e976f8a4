import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { ChainWalk, chainRowsAfter, chainStart, legacyThrough, numberWaitingRows, type AuditKeys } from './audit-chain';

const BATCH = 5000;
const SEAL_EVERY_MS = 2000;

type SealOutcome = { sealedThrough: number; refused?: { seq: number; reason: string } } | { busy: true } | { unanchored: true };

/**
 * Seals the rows written since the last seal: numbers the committed rows that wait for their place, then
 * walks the chain on from the last seal's link, checking every row's tag, and stores the link at the last
 * good row (audit_seals). From then on, the owner
 * cannot remove, add, reorder or re-time a row up to it without `audit:verify` seeing it. A row that
 * fails its check is never sealed: sealing stops before it, and says why. One process seals at a time;
 * the others skip their turn. It reads each row once, away from the requests that wrote it.
 */
export async function sealAuditTrail(knex: Knex, keys: AuditKeys): Promise<SealOutcome> {
  return knex.transaction(async (trx) => {
    const { rows } = await trx.raw<{ rows: Array<{ locked: boolean }> }>(`SELECT pg_try_advisory_xact_lock(hashtext('audit_events_seal')) AS locked`);
    if (!rows[0]!.locked) return { busy: true };
    await numberWaitingRows(trx);
    const untaggedThrough = await legacyThrough(trx);
    if (untaggedThrough === null) return { unanchored: true };
    const last = await trx('audit_seals').orderBy('seq', 'desc').first('seq', 'link');
    const walk = last ? new ChainWalk(keys, untaggedThrough, last.link, Number(last.seq)) : new ChainWalk(keys, untaggedThrough, chainStart(keys, untaggedThrough), 0);
    const sealedBefore = walk.seq;
    let refused: { seq: number; reason: string } | undefined;
    for (let batch = await chainRowsAfter(trx, walk.seq, BATCH); batch.length && !refused; batch = await chainRowsAfter(trx, walk.seq, BATCH)) {
      for (const row of batch) {
        const problem = walk.step(row);
        if (problem) {
          refused = { seq: row.seq, reason: problem };
          break;
        }
      }
      if (batch.length < BATCH) break;
    }
    if (walk.seq > sealedBefore) await trx('audit_seals').insert({ seq: walk.seq, link: walk.link });
    return refused ? { sealedThrough: walk.seq, refused } : { sealedThrough: walk.seq };
  });
}

/** Seals every couple of seconds; a refused row or a missing start is reported once, as an error for the operator. */
export function startAuditSealing(knex: Knex, keys: AuditKeys, log: Logger): { stop(): Promise<void> } {
  let reported = '';
  const report = (problem: string, details: object) => {
    if (problem === reported) return;
    reported = problem;
    log.error(details, `audit trail: ${problem}; run npm run audit:verify`);
  };
  const seal = async () => {
    try {
      const outcome = await sealAuditTrail(knex, keys);
      if ('refused' in outcome && outcome.refused) report(`row ${outcome.refused.seq} failed its check and was not sealed`, outcome.refused);
      if ('unanchored' in outcome) report('audit_chain_start is missing, so nothing can be sealed', {});
    } catch (err) {
      log.warn({ err }, 'audit trail: sealing failed; it is tried again shortly');
    }
  };
  let inFlight: Promise<void> | null = null;
  const timer = setInterval(() => {
    inFlight ??= seal().finally(() => {
      inFlight = null;
    });
  }, SEAL_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}
