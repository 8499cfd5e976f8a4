import type { Knex } from 'knex';
import { AUDIT_CHAIN_TRIGGER_BODY as NUMBERED_ON_INSERT } from './20261128100000_keyed_audit_chain';

/**
 * Audit rows get their place after they commit, not while they are written. The trigger numbered each row
 * under one advisory lock that its transaction held through COMMIT, so every audited request's WAL flush
 * waited for the previous one's: at a clinic's pace (npm run load, 110 requests/s) 11% of the app's busy
 * connection time was spent on that lock and 28% on WAL flushes that could no longer be shared.
 *
 * Now a row is inserted without a place (`seq` null), and `audit_events_number()` gives the committed rows
 * waiting for one their places, in the order they were written, after the highest place given so far: one
 * lock and one statement per batch, taken by the sealer (every 2 s) and by `audit:verify` before they read
 * the chain. Numbers stay gap-free and rows once numbered keep their place. The function is the owner's
 * (SECURITY DEFINER): the app role still cannot update the trail, it can only ask for the waiting rows to be
 * numbered. `audit:verify` compares both bodies with the ones below, and reports rows left waiting.
 */
export const AUDIT_CHAIN_TRIGGER_BODY = `
    BEGIN
      NEW.seq := NULL;
      NEW.hash := NULL;
      RETURN NEW;
    END `;

export const AUDIT_NUMBERING_BODY = `
    DECLARE numbered integer;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('audit_events_chain'));
      WITH waiting AS (
        SELECT id, row_number() OVER (ORDER BY created_at, id) AS place FROM audit_events WHERE seq IS NULL
      ), base AS (
        SELECT coalesce(max(seq), 0) AS highest FROM audit_events
      )
      UPDATE audit_events SET seq = base.highest + waiting.place FROM waiting, base WHERE audit_events.id = waiting.id;
      GET DIAGNOSTICS numbered = ROW_COUNT;
      RETURN numbered;
    END `;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE audit_events ALTER COLUMN seq DROP NOT NULL');
  await knex.raw('CREATE INDEX audit_events_waiting_for_seq ON audit_events (created_at, id) WHERE seq IS NULL');
  await knex.raw(`CREATE OR REPLACE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$${AUDIT_CHAIN_TRIGGER_BODY}$$`);
  await knex.raw(
    `CREATE FUNCTION audit_events_number() RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$${AUDIT_NUMBERING_BODY}$$`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('SELECT audit_events_number()');
  await knex.raw('DROP FUNCTION audit_events_number()');
  await knex.raw(`CREATE OR REPLACE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$${NUMBERED_ON_INSERT}$$`);
  await knex.raw('DROP INDEX audit_events_waiting_for_seq');
  await knex.raw('ALTER TABLE audit_events ALTER COLUMN seq SET NOT NULL');
}
