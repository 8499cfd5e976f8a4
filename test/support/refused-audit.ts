/**
 * The statements with which a database's owner makes it refuse one account's audit rows (a trigger), and
 * lift that again: for what a join does when its read cannot go on record. Run them as the owner, in order.
 */
export function auditRefusal(actorId: string): { refuse: string[]; lift: string[] } {
  const name = `refuse_audit_${actorId.replace(/-/g, '')}`;
  return {
    refuse: [
      `create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`,
      `create trigger ${name} before insert on audit_events for each row when (new.actor_id = '${actorId}') execute function ${name}()`,
    ],
    lift: [`drop trigger if exists ${name} on audit_events`, `drop function if exists ${name}()`],
  };
}
