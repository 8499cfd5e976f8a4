/**
 * Password reset through a single-use link: by email to an address the account uses (when SMTP is set
 * up), or handed over by an admin for a doctor. Only a hash of each token is kept; a token works once, for
 * 30 minutes; using it sets the new password and ends every session (and socket) of the account.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { AppContext } from '../context';
import { rememberDevice } from './known-device';
import { accountKey, clearFailureStreak } from './sign-in-throttle';
import { Doctor, User } from '../../db/models';
import { ValidationFailed } from '../errors';
import { doctorActor, userActor } from '../middleware/actor';
import { endEverySession } from './account-sessions';
import { recordAudit, recordAuditIn } from './audit';
import { hashPassword } from './passwords';
import type { AccountKind } from './sign-in';
import { appOrigin } from '../lib/app-origin';

const RESET_LINK_LIFETIME_MS = 30 * 60_000;
export const RESET_REQUESTED = "If an account uses that address, we've sent it a link to reset the password. The link works once, for 30 minutes.";
const RESET_LINK_INVALID = 'This reset link is invalid, already used or expired. Ask for a new one.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const tableOf = (kind: AccountKind) => (kind === 'doctor' ? 'doctors' : 'users');

export const resetLink = (ctx: AppContext, token: string) => `${appOrigin(ctx)}/reset-password?token=${token}`;

async function accountByEmail(email: string): Promise<{ kind: AccountKind; account: User | Doctor } | null> {
  const lower = email.toLowerCase();
  const user = await User.query().whereRaw('lower(email) = ?', [lower]).first();
  if (user) return { kind: 'user', account: user };
  const doctor = await Doctor.query().whereRaw('lower(email) = ?', [lower]).first();
  return doctor ? { kind: 'doctor', account: doctor } : null;
}

/** A new link's token for the account; earlier unused links of the account stop working. */
export async function issueResetToken(knex: Knex, kind: AccountKind, accountId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await knex.transaction(async (trx) => {
    await trx('password_reset_tokens').where({ account_kind: kind, account_id: accountId }).whereNull('used_at').delete();
    await trx('password_reset_tokens').insert({ account_kind: kind, account_id: accountId, token_hash: hashOf(token), expires_at: new Date(Date.now() + RESET_LINK_LIFETIME_MS) });
  });
  return token;
}

/** The reset email: who asked, and the link. */
export function resetMail(to: string, link: string, asker: string) {
  return {
    to,
    subject: 'Reset your MediVault password',
    text:
      `${asker} to reset the password of your MediVault account.\n\n` +
      `Open this link within 30 minutes to choose a new password. It works once:\n${link}\n\n` +
      `If you did not expect this, ignore this email: your password stays as it is.\n`,
  };
}

/** Emails the link to the account behind the address, if there is one; the caller answers the same either way. */
export async function mailResetLink(ctx: AppContext, email: string): Promise<void> {
  const found = await accountByEmail(email);
  if (!found) {
    await recordAudit(ctx, { action: 'auth.password_reset_request', outcome: 'failure' });
    return;
  }
  const token = await issueResetToken(ctx.deps.knex, found.kind, found.account.id);
  await ctx.deps.mailer.send(resetMail(found.account.email, resetLink(ctx, token), 'Someone (we hope you) asked'));
  await recordAudit(ctx, { action: 'auth.password_reset_request', outcome: 'success', resourceType: found.kind, resourceId: found.account.id });
}

/** Sets the new password through the link's token (taken in the same transaction), then signs the account out everywhere. */
export async function resetPassword(ctx: AppContext, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const reset = await ctx.deps.knex.transaction(async (trx) => {
    const [row] = await trx('password_reset_tokens')
      .where({ token_hash: hashOf(token) })
      .whereNull('used_at')
      .where('expires_at', '>', trx.fn.now())
      .update({ used_at: trx.fn.now() })
      .returning(['account_kind', 'account_id']);
    if (!row) throw new ValidationFailed(RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
    const kind = row.accountKind as AccountKind;
    await trx(tableOf(kind)).where({ id: row.accountId }).update({ password_hash: passwordHash });
    await recordAuditIn(trx, ctx, { action: 'auth.password_reset', outcome: 'success', resourceType: kind, resourceId: row.accountId, patientId: kind === 'user' ? row.accountId : undefined });
    return { kind, accountId: row.accountId as string };
  });
  // The link proved the owner: their failure streak ends and this browser becomes a known device of the account.
  const key = accountKey(reset.kind, reset.accountId);
  await clearFailureStreak(ctx.deps.knex, key);
  rememberDevice(ctx, key);
  const account = reset.kind === 'doctor' ? await Doctor.query().findById(reset.accountId) : await User.query().findById(reset.accountId);
  if (account) await endEverySession(ctx, reset.kind === 'doctor' ? doctorActor(account as Doctor) : userActor(account as User));
}
