/** Statements a database's owner runs, in order, to make it do something to one account's audit rows (a trigger), and to lift that again. */
interface AuditTrigger {
  refuse: string[];
  lift: string[];
}

function auditTrigger(kind: string, actorId: string, body: string): AuditTrigger {
  const name = `${kind}_audit_${actorId.replace(/-/g, '')}`;
  return {
    refuse: [
      `create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`,
      `create trigger ${name} before insert on audit_events for each row when (new.actor_id = '${actorId}') execute function ${name}()`,
    ],
    lift: [`drop trigger if exists ${name} on audit_events`, `drop function if exists ${name}()`],
  };
}

/**
 * The database refuses the account's audit rows: for what a join does when its read cannot go on record.
 * `afterMs` makes each refusal come that late (the insert waits in pg_sleep first).
 */
export function auditRefusal(actorId: string, { afterMs = 0 } = {}): AuditTrigger {
  return auditTrigger('refuse', actorId, `perform pg_sleep(${afterMs / 1000}); raise exception 'audit refused';`);
}

/** The database takes `ms` to store each of the account's audit rows: a join waits that long to go on record. */
export function slowAudit(actorId: string, ms: number): AuditTrigger {
  return auditTrigger('slow', actorId, `perform pg_sleep(${ms / 1000}); return new;`);
}
