/**
 * What the second-step routes share: the account of the sign-in waiting for its second factor, a check of
 * that factor throttled like a password (per account and address, shared between processes) with each
 * outcome audited, and the sign-in it then completes.
 */
import type { AppContext } from '../../context';
import { Doctor, User } from '../../../db/models';
import { presentUser } from '../../presenters/user';
import { presentDoctorAccount } from '../../presenters/doctor';
import { recordAudit } from '../../services/audit';
import { completeSignIn, type AccountKind } from '../../services/sign-in';
import { accountKey, throttleFor } from '../../services/sign-in-throttle';
import { pendingAccount, type Account, type PendingSignIn } from '../../services/mfa/second-factor';

export { pendingAccount };

const patientIdOf = (kind: AccountKind, account: Account) => (kind === 'user' && (account as User).role === 'patient' ? account.id : undefined);

const CODE_BUDGET_SPENT = 'This account has had too many wrong codes. Use one of your recovery codes, or sign in from a device you have used before.';

/**
 * Runs the check; a throw counts as a failure against the account's second factor. `used` names the audit
 * action of the factor taken. `guessable`: a 6-digit code, refused from new devices once wrong codes spent
 * the account's budget (a recovery code or a passkey cannot be guessed, and is the way in then).
 */
export async function checkSecondFactor<T>(
  ctx: AppContext,
  kind: AccountKind,
  account: Account,
  check: () => Promise<T>,
  actionOf: (used: T) => string,
  guessable = false,
): Promise<T> {
  const admission = await throttleFor(ctx).admit(ctx, {
    accountKey: accountKey(kind, `mfa:${account.id}`),
    asksProof: false,
    budgetSpent: guessable ? CODE_BUDGET_SPENT : undefined,
  });
  const patientId = patientIdOf(kind, account);
  try {
    const used = await check();
    await admission.succeeded();
    await recordAudit(ctx, { action: actionOf(used), outcome: 'success', resourceType: kind, resourceId: account.id, patientId });
    return used;
  } catch (err) {
    await admission.failed();
    await recordAudit(ctx, { action: 'auth.mfa_verify', outcome: 'failure', resourceType: kind, resourceId: account.id, patientId });
    throw err;
  }
}

/** The held sign-in goes ahead: answers the account as its sign-in would, with new recovery codes when this step set the factor up. */
export async function finishHeldSignIn(ctx: AppContext, pending: PendingSignIn, account: Account, recoveryCodes?: string[]) {
  const codes = recoveryCodes ? { recoveryCodes } : {};
  if (pending.kind === 'doctor') {
    const doctor = await completeSignIn(ctx, { kind: 'doctor', action: pending.action }, account as Doctor);
    return { doctor: presentDoctorAccount(doctor), ...codes };
  }
  const user = await completeSignIn(ctx, { kind: 'user', action: pending.action }, account as User);
  return { user: presentUser(user), ...codes };
}
