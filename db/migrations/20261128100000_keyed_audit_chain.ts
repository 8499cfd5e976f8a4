import type { Knex } from 'knex';

/**
 * The audit chain becomes keyed, so that the database owner can no longer rebuild it (see
 * server/services/audit-chain.ts): the app tags every row it writes with an HMAC under AUDIT_KEY, which
 * the database never holds, and seals the chain as it grows (audit_seals). The database keeps only the
 * order: the trigger still numbers rows under one lock, and `created_at` is the database's clock, since
 * the app role may insert every column but the time and the place (db/app-role.ts). The unkeyed `hash` the trigger computed is no longer written (anyone could recompute
 * it); rows from before this migration keep theirs.
 *
 * Rows from before the key began carry no tag: `audit_chain_start.legacy_through` records where they end,
 * and the first seal vouches for them as they stood then.
 */
/**
 * The trigger function's body as this migration leaves it: `audit:verify` compares the database's copy
 * with it, so a function changed to let rows in with a chosen place, or to re-stamp them, is seen.
 */
export const AUDIT_CHAIN_TRIGGER_BODY = `
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('audit_events_chain'));
      NEW.seq := coalesce((SELECT max(seq) FROM audit_events), 0) + 1;
      NEW.hash := NULL;
      RETURN NEW;
    END `;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE audit_events ADD COLUMN tag text, ALTER COLUMN hash DROP NOT NULL');
  await knex.raw(`CREATE TABLE audit_chain_start (
    single boolean PRIMARY KEY DEFAULT true CHECK (single),
    legacy_through bigint NOT NULL
  )`);
  await knex.raw('INSERT INTO audit_chain_start (legacy_through) SELECT coalesce(max(seq), 0) FROM audit_events');
  await knex.raw(`CREATE TABLE audit_seals (
    seq bigint PRIMARY KEY,
    link text NOT NULL,
    sealed_at timestamptz NOT NULL DEFAULT now()
  )`);
  // clock_timestamp(), not now(): the rows of one multi-row insert keep the order they were written in.
  await knex.raw('ALTER TABLE audit_events ALTER COLUMN created_at SET DEFAULT clock_timestamp()');
  await knex.raw(`CREATE OR REPLACE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$${AUDIT_CHAIN_TRIGGER_BODY}$$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE audit_events ALTER COLUMN created_at SET DEFAULT now()');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE previous audit_events;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('audit_events_chain'));
      SELECT * INTO previous FROM audit_events ORDER BY seq DESC LIMIT 1;
      NEW.seq := coalesce(previous.seq, 0) + 1;
      NEW.hash := encode(sha256(convert_to(coalesce(previous.hash, '') || audit_row_text(NEW), 'UTF8')), 'hex');
      RETURN NEW;
    END $$`);
  await knex.raw('DROP TABLE audit_seals');
  await knex.raw('DROP TABLE audit_chain_start');
  await knex.raw('ALTER TABLE audit_events DROP COLUMN tag');
}
