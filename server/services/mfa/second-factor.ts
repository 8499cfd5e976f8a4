/**
 * The second step of a password sign-in. A right password for an account that needs a second factor
 * (every doctor and admin by default, any patient who turned it on) starts no session: the anonymous
 * session keeps a short-lived pending sign-in, and the answer is 401 `mfa_required` (saying which second
 * factors the account has: an authenticator app, a passkey, or none yet). A code from the authenticator,
 * the account's passkey, or a recovery code then completes it; an account with none yet sets one up first
 * (an authenticator, whose first code confirms it, or a passkey), which brings the recovery codes.
 */
import type { Knex } from 'knex';
import type { AppContext } from '../../context';
import type { Config } from '../../config';
import { Doctor, User } from '../../../db/models';
import { AppError, InvalidCredentials, Unauthenticated } from '../../errors';
import { acceptedStep, newEnrolment, openSecret, sealSecret, type Enrolment } from './totp';
import { issueRecoveryCodes, RECOVERY_CODE_PATTERN, spendRecoveryCode } from './recovery-codes';
import type { AccountKind } from '../sign-in';
import type { SecondFactorMethod } from '../../../common/api-types';
import { secondFactorPasskeys } from './passkey-factor';
import { renewSessionId } from '../../session';

export type Account = User | Doctor;

const PENDING_MS = 5 * 60_000;
export const WRONG_CODE = 'That code is not right, or it was already used. Enter the current code from your authenticator app.';
const NO_PENDING_SIGN_IN = 'No sign-in is waiting for a code. Sign in with your password again.';

export type { SecondFactorMethod };

const PROMPTS: Record<string, string> = {
  totp: 'Enter the 6-digit code from your authenticator app.',
  passkey: 'Use your passkey to finish signing in.',
  'totp,passkey': 'Use your passkey, or enter the 6-digit code from your authenticator app.',
  '': 'Set up two-step verification to finish signing in.',
};

class SecondFactorRequired extends AppError {
  constructor(methods: SecondFactorMethod[]) {
    super(401, 'mfa_required', PROMPTS[methods.join(',')]!, undefined, { enrolled: methods.length > 0, methods });
  }
}

export interface PendingSignIn {
  kind: AccountKind;
  accountId: string;
  /** The sign-in's audit action ('auth.login', 'auth.doctor_login'). */
  action: string;
  until: number;
}

interface PendingSession {
  pendingSignIn?: PendingSignIn;
  maxAge?: number;
}

/** Whether the deployment asks this kind of account for a second factor whatever it chooses (MFA_REQUIRED_FOR). */
export function requiredForAccount(config: Pick<Config, 'mfaRequiredFor'>, kind: AccountKind, account: Account): boolean {
  if (kind === 'doctor') return config.mfaRequiredFor.includes('doctor');
  return (account as User).role === 'admin' && config.mfaRequiredFor.includes('admin');
}

export async function secondFactorMethods(knex: Knex, kind: AccountKind, account: Account): Promise<SecondFactorMethod[]> {
  const passkeys = await secondFactorPasskeys(knex, kind, account.id);
  return [...(account.totpEnabledAt ? ['totp' as const] : []), ...(passkeys.length ? ['passkey' as const] : [])];
}

/** The second factors this sign-in must use, or null when the account signs in with its password alone. */
export async function secondFactorsAsked(ctx: AppContext, kind: AccountKind, account: Account): Promise<SecondFactorMethod[] | null> {
  const methods = await secondFactorMethods(ctx.deps.knex, kind, account);
  return methods.length || requiredForAccount(ctx.deps.config, kind, account) ? methods : null;
}

/**
 * Keeps the sign-in pending in the (anonymous) session, under a new id (whoever planted or held the old
 * one cannot finish this sign-in, nor enrol an authenticator in it), and answers that a second factor is needed.
 */
export async function holdForSecondFactor(ctx: AppContext, kind: AccountKind, account: Account, action: string, methods: SecondFactorMethod[]): Promise<never> {
  const session = ctx.session as unknown as PendingSession;
  session.pendingSignIn = { kind, accountId: account.id, action, until: Date.now() + PENDING_MS };
  session.maxAge = PENDING_MS;
  await renewSessionId(ctx);
  throw new SecondFactorRequired(methods);
}

export async function pendingAccount(ctx: AppContext): Promise<{ pending: PendingSignIn; account: Account }> {
  const pending = (ctx.session as unknown as PendingSession | null)?.pendingSignIn;
  if (!pending || pending.until < Date.now()) throw new Unauthenticated(NO_PENDING_SIGN_IN);
  const account = await accountOf(pending.kind, pending.accountId);
  if (!account) throw new Unauthenticated(NO_PENDING_SIGN_IN);
  return { pending, account };
}

export async function accountOf(kind: AccountKind, id: string): Promise<Account | undefined> {
  return kind === 'doctor' ? await Doctor.query().findById(id) : await User.query().findById(id);
}

const tableOf = (kind: AccountKind) => (kind === 'doctor' ? 'doctors' : 'users');
const accounts = (knex: Knex, kind: AccountKind, id: string) => knex(tableOf(kind)).where({ id });
const labelOf = (account: Account) => account.email;

/** A new authenticator secret for the account (replacing one not yet confirmed); shown once. */
export async function startEnrolment(knex: Knex, config: Config, kind: AccountKind, account: Account): Promise<Enrolment> {
  const enrolment = await newEnrolment(labelOf(account));
  await accounts(knex, kind, account.id).update({ totp_secret: sealSecret(enrolment.secret, config.sessionKeys[0]!), totp_enabled_at: null, totp_last_step: null });
  return enrolment;
}

/**
 * Checks a code: the authenticator's, taken at most once (the accepted time step is stored in the same
 * statement that checks it is newer; one not yet confirmed only while `settingUp`), or an unused recovery code
 * (they exist once a second factor is set up).
 * Throws 401 with WRONG_CODE otherwise.
 */
export async function checkCode(knex: Knex, config: Config, kind: AccountKind, account: Account, code: string, settingUp: boolean): Promise<'totp' | 'recovery'> {
  if (RECOVERY_CODE_PATTERN.test(code.toLowerCase())) {
    if (await spendRecoveryCode(knex, kind, account.id, code)) return 'recovery';
    throw new InvalidCredentials(WRONG_CODE);
  }
  if (!account.totpSecret || !(account.totpEnabledAt || settingUp)) throw new InvalidCredentials(WRONG_CODE);
  const lastStep = account.totpLastStep === null ? null : Number(account.totpLastStep);
  const step = await acceptedStep(openSecret(account.totpSecret, config.sessionKeys[0]!), code, lastStep);
  if (step === null) throw new InvalidCredentials(WRONG_CODE);
  const taken = await accounts(knex, kind, account.id)
    .where((query) => query.whereNull('totp_last_step').orWhere('totp_last_step', '<', step))
    .update({ totp_last_step: step });
  if (!taken) throw new InvalidCredentials(WRONG_CODE);
  return 'totp';
}

/** The first right code confirms the authenticator: from then on it is asked, and recovery codes exist. */
export async function confirmEnrolment(knex: Knex, kind: AccountKind, account: Account): Promise<string[]> {
  return knex.transaction(async (trx) => {
    await accounts(trx, kind, account.id).update({ totp_enabled_at: trx.fn.now() });
    return issueRecoveryCodes(trx, kind, account.id);
  });
}

/** A patient turning two-step verification off (doctors and admins cannot where it is required). */
export async function removeSecondFactor(knex: Knex, kind: AccountKind, accountId: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await accounts(trx, kind, accountId).update({ totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    await trx('mfa_recovery_codes').where({ account_kind: kind, account_id: accountId }).delete();
  });
}
