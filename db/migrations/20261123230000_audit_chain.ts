import type { Knex } from 'knex';

/**
 * A tamper-evident audit trail. Every row carries `seq` (its place) and `hash` = sha256(previous row's
 * hash || this row's canonical text), both set by a BEFORE INSERT trigger under one advisory lock held
 * to the end of the transaction, so the chain has one order however many processes write. `npm run audit:verify` recomputes it: an altered row,
 * or a row removed from the middle, breaks it there. The patient's foreign key goes: deleting a user
 * keeps their trail.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE audit_events DROP CONSTRAINT IF EXISTS audit_events_patient_id_foreign');
  // Rows from before the chain are numbered in the order they were written, then new rows follow on.
  await knex.raw('ALTER TABLE audit_events ADD COLUMN seq bigint, ADD COLUMN hash text');
  await knex.raw('UPDATE audit_events a SET seq = n.seq FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS seq FROM audit_events) n WHERE a.id = n.id');
  await knex.raw('ALTER TABLE audit_events ALTER COLUMN seq SET NOT NULL');
  await knex.raw('CREATE UNIQUE INDEX audit_events_seq_unique ON audit_events (seq)');
  // Canonical text: jsonb prints its keys in one fixed order, and the time is spelled out in UTC, so
  // the session's time zone cannot change it.
  await knex.raw(`
    CREATE FUNCTION audit_row_text(a audit_events) RETURNS text LANGUAGE sql STABLE AS $$
      SELECT jsonb_build_object(
        'id', a.id, 'actorKind', a.actor_kind, 'actorId', a.actor_id, 'actorName', a.actor_name, 'action', a.action,
        'resourceType', a.resource_type, 'resourceId', a.resource_id, 'patientId', a.patient_id, 'outcome', a.outcome,
        'ip', a.ip, 'requestId', a.request_id,
        'createdAt', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text
    $$`);
  await knex.raw(`
    CREATE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE previous audit_events;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('audit_events_chain'));
      SELECT * INTO previous FROM audit_events ORDER BY seq DESC LIMIT 1;
      NEW.seq := coalesce(previous.seq, 0) + 1;
      NEW.hash := encode(sha256(convert_to(coalesce(previous.hash, '') || audit_row_text(NEW), 'UTF8')), 'hex');
      RETURN NEW;
    END $$`);
  // Chain the rows from before it.
  await knex.raw(`
    DO $$
    DECLARE r audit_events; previous text := '';
    BEGIN
      FOR r IN SELECT * FROM audit_events ORDER BY seq LOOP
        previous := encode(sha256(convert_to(previous || audit_row_text(r), 'UTF8')), 'hex');
        UPDATE audit_events SET hash = previous WHERE id = r.id;
      END LOOP;
    END $$`);
  await knex.raw('ALTER TABLE audit_events ALTER COLUMN hash SET NOT NULL');
  await knex.raw('CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_chain()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER audit_events_chain ON audit_events');
  await knex.raw('DROP FUNCTION audit_events_chain()');
  await knex.raw('DROP FUNCTION audit_row_text(audit_events)');
  await knex.raw('ALTER TABLE audit_events DROP COLUMN hash, DROP COLUMN seq');
  await knex.raw('ALTER TABLE audit_events ADD CONSTRAINT audit_events_patient_id_foreign FOREIGN KEY (patient_id) REFERENCES users (id) ON DELETE CASCADE');
}
