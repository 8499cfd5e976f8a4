import type { Knex } from 'knex';

/**
 * Issue 39, Premium's smart reminders. A medication may keep its supply: the pills counted (`supply_count`)
 * at a moment (`supply_counted_at`) and how many one dose takes; the server projects from the schedule when
 * it runs out and reminds `refill_reminder_days` before. `follow_up_minutes`: a dose not marked taken that
 * long after its time is reminded once more.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('medications', (t) => {
    t.integer('supply_count');
    t.timestamp('supply_counted_at', { useTz: true });
    t.integer('pills_per_dose');
    t.integer('refill_reminder_days');
    t.integer('follow_up_minutes');
    t.check('supply_count IS NULL OR (supply_count >= 0 AND supply_counted_at IS NOT NULL AND pills_per_dose > 0)', [], 'medications_supply_counted');
    t.check('refill_reminder_days IS NULL OR (refill_reminder_days > 0 AND supply_count IS NOT NULL)', [], 'medications_refill_needs_supply');
    t.check('follow_up_minutes IS NULL OR follow_up_minutes > 0', [], 'medications_follow_up_positive');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('notifications').whereIn('type', ['refill_reminder', 'dose_follow_up']).delete();
  await knex.schema.alterTable('medications', (t) => {
    t.dropChecks(['medications_supply_counted', 'medications_refill_needs_supply', 'medications_follow_up_positive']);
    t.dropColumns('supply_count', 'supply_counted_at', 'pills_per_dose', 'refill_reminder_days', 'follow_up_minutes');
  });
}
