/**
 * A patient deleting their account. Asking schedules the deletion after a grace period
 * (ACCOUNT_DELETION_GRACE_DAYS) and signs the account out everywhere; signing in again before then and
 * choosing to keep it cancels it. When the time comes, the account's health data is erased: reports and
 * their originals, medications and doses, what was imported from where, appointments, notifications, devices, passkeys, calendar feeds, shared links,
 * sessions and second factors. What the law asks the clinic to keep stays, tied to a nameless row that can
 * never sign in: the audit trail, payments and subscriptions, the consultations held with its doctors
 * (the doctor's record of care, with their chat) and break-glass grants.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { User } from '../../db/models';
import { writeAuditRowIn } from './audit';
import type { Logger } from 'pino';
import { startHourlySweep } from '../lib/hourly-sweep';

/** Tables whose rows belong to the patient and go when the account is erased (user_id). */
export const ERASED_WITH_THE_ACCOUNT = [
  'medical_reports',
  'documents',
  'medications',
  'medication_reminders',
  'appointments',
  'notifications',
  'offline_cache',
  'push_subscriptions',
  'webauthn_credentials',
  'calendar_feeds',
  // What was imported from where (gone with its reports and medications already, by cascade).
  'imported_resources',
  // Links the patient shared (their encrypted files and download addresses go with them, by cascade).
  'shared_links',
  // What the patient wrote to support, and the answers (an admin's answer keeps no copy elsewhere).
  'support_requests',
] as const;

/** Tables that point at the account and keep their rows: the records the law asks the clinic to keep. */
export const KEPT_AFTER_ERASURE = ['payments', 'subscriptions', 'consultations', 'break_glass_grants'] as const;

export async function scheduleDeletion(trx: Knex.Transaction, userId: string, graceMs: number): Promise<User> {
  return User.query(trx).patchAndFetchById(userId, { deletionScheduledFor: new Date(Date.now() + graceMs) });
}

export async function cancelDeletion(trx: Knex.Transaction, userId: string): Promise<User> {
  return User.query(trx).patchAndFetchById(userId, { deletionScheduledFor: null });
}

/** Erases one account whose deletion is due, if it still is (the row is locked, so two processes never both do it). */
async function eraseAccount(knex: Knex, userId: string): Promise<boolean> {
  return knex.transaction(async (trx) => {
    const due = await trx('users').where({ id: userId }).whereNull('erased_at').where('deletion_scheduled_for', '<=', trx.fn.now()).forUpdate().skipLocked().first('id');
    if (!due) return false;
    // Reports first: they point at their documents (whose originals go with them, by cascade).
    for (const table of ERASED_WITH_THE_ACCOUNT) await trx(table).where({ user_id: userId }).delete();
    await trx('sessions').where({ actor_kind: 'user', actor_id: userId }).delete();
    for (const table of ['mfa_recovery_codes', 'mfa_passkeys', 'password_reset_tokens']) await trx(table).where({ account_kind: 'user', account_id: userId }).delete();
    await trx('users')
      .where({ id: userId })
      .update({
        username: `erased_${userId}`,
        email: `erased-${userId}@erased.invalid`,
        // A hash of nothing anyone knows: no password signs this row in.
        password_hash: `erased:${randomBytes(32).toString('base64url')}`,
        first_name: null,
        last_name: null,
        phone: null,
        emergency_contact: null,
        biometric_enabled: false,
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        deletion_scheduled_for: null,
        erased_at: trx.fn.now(),
      });
    await writeAuditRowIn(trx, { actorKind: 'system', actorName: 'Account erasure', action: 'account.erase', outcome: 'success', resourceType: 'user', resourceId: userId, patientId: userId });
    return true;
  });
}

/** Erases every account whose deletion is due; answers how many. */
export async function eraseDueAccounts(knex: Knex): Promise<number> {
  const due = await knex('users').whereNull('erased_at').where('deletion_scheduled_for', '<=', knex.fn.now()).pluck('id');
  let erased = 0;
  for (const id of due) if (await eraseAccount(knex, id as string)) erased += 1;
  return erased;
}

/** Runs the erasure at start and every hour in a process that runs jobs (RUN_JOBS). */
export function startAccountErasure(knex: Knex, log: Logger): { stop(): void } {
  const erase = () => eraseDueAccounts(knex).then((erased) => erased && log.info({ erased }, 'accounts erased after their deletion grace period'));
  return startHourlySweep(erase, 'account erasure sweep', log);
}

