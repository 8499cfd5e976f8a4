import type { AppContext } from '../context';
import type { SessionData } from '../session-store';
import type { Actor } from '../policies/actor';
import type { Doctor, User } from '../../db/models';
import { renewSessionId, sessionFingerprint } from '../session';
import { doctorActor, userActor } from '../middleware/actor';
import { Forbidden, InvalidCredentials } from '../errors';
import { recordAudit, type AuditEntry } from './audit';
import { accountKey, throttleFor, type Admission } from './sign-in-throttle';
import type { SignInProof } from '../../common/schemas/login';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { doctorSignInRefusal } from './doctor-standing';
import { holdForSecondFactor, secondFactorsAsked, type SecondFactorMethod } from './mfa/second-factor';

type Session = SessionData & { maxAge: number };

/** The accounts that sign in: patients and admins (users), and doctors. */
interface Accounts {
  user: User;
  doctor: Doctor;
}
export type AccountKind = keyof Accounts;

/**
 * How each kind of account acts once signed in, whose Access history its sign-in rows show in, and why an
 * account that gave the right secret may still not sign in (a doctor awaiting verification or deactivated).
 */
interface AccountRules<A> {
  actor(account: A): Actor;
  patientId(account: A | undefined): string | undefined;
  refusal(account: A): string | null;
}

const ACCOUNT_RULES: { [K in AccountKind]: AccountRules<Accounts[K]> } = {
  user: { actor: userActor, patientId: (user) => user?.id, refusal: () => null },
  doctor: { actor: doctorActor, patientId: () => undefined, refusal: doctorSignInRefusal },
};

/** A way in: the kind of account it signs in and the action its audit rows carry ('auth.passkey_login'). */
export interface SignIn<K extends AccountKind> {
  kind: K;
  action: string;
}

/** A password form: how the identifier typed finds the account, and the one 401 message for every miss. */
export interface PasswordSignIn<K extends AccountKind> extends SignIn<K> {
  find(identifier: string): Promise<Accounts[K] | undefined>;
  wrongCredentials: string;
}

/** A refused attempt: its admission by the throttle (the failure is counted there) and the account, when known. */
interface RefusedAttempt<A> {
  admission: Admission;
  account?: A;
}

/** A new browser's way in once an account's password failures spent their budget (a known device needs none). */
const PASSWORD_BUDGET_SPENT: Record<AccountKind, string> = {
  user: 'This account has had too many failed sign-in attempts. Sign in from a device you have used before or with a passkey, or reset your password with the link we e-mail you.',
  doctor: 'This account has had too many failed sign-in attempts. Sign in from a device you have used before, or reset your password with the link we e-mail you.',
};

/**
 * Password sign-in, the same for every form: throttle, verify (against a decoy hash for an unknown account,
 * so timing and wording say nothing of whether it exists), then refuse, hold for a second factor, or admit.
 * Returns the account as stored after sign-in.
 */
export async function signInWithPassword<K extends AccountKind>(
  ctx: AppContext,
  via: PasswordSignIn<K>,
  credentials: { identifier: string; password: string; proof?: SignInProof },
): Promise<Accounts[K]> {
  const account = await via.find(credentials.identifier);
  // Counted per account, whichever identifier was typed; unknown names count under the name itself.
  const key = accountKey(via.kind, account?.id ?? credentials.identifier);
  const admission = await throttleFor(ctx).admit(ctx, { accountKey: key, proof: credentials.proof, asksProof: true, budgetSpent: PASSWORD_BUDGET_SPENT[via.kind] });
  const valid = await verifyPassword(account?.passwordHash ?? (await decoyPasswordHash()), credentials.password);
  if (!account || !valid) return refuseSignIn(ctx, via, via.wrongCredentials, { admission, account });
  const secondFactors = await secondFactorsAsked(ctx, via.kind, account);
  if (secondFactors) return holdPasswordSignIn(ctx, via, account, admission, secondFactors);
  return admitSignIn(ctx, via, account, admission);
}

/** Counts the failure against the account and the address, audits it, and answers 401 with the message. */
export async function refuseSignIn<K extends AccountKind>(ctx: AppContext, via: SignIn<K>, message: string, attempt: RefusedAttempt<Accounts[K]>): Promise<never> {
  await attempt.admission.failed();
  await recordAudit(ctx, { action: via.action, outcome: 'failure', ...auditTarget(via, attempt.account) });
  throw new InvalidCredentials(message);
}

/**
 * Whether the account may enter at all: a sign-in needs HTTPS in production, and an account its rules
 * refuse (a doctor pending or deactivated) gets 403 with the reason, only once its secret proved right,
 * so guessers learn nothing.
 */
async function assertMayEnter<K extends AccountKind>(ctx: AppContext, via: SignIn<K>, account: Accounts[K]): Promise<void> {
  // A Secure cookie cannot be set over plain HTTP: refused before anything is written, not after a success row.
  if (ctx.deps.config.env === 'production' && !ctx.secure) throw new Forbidden('Sign-in needs a secure (HTTPS) connection.');
  const refusal = ACCOUNT_RULES[via.kind].refusal(account);
  if (refusal) {
    await recordAudit(ctx, { action: via.action, outcome: 'denied', ...auditTarget(via, account) });
    throw new Forbidden(refusal);
  }
}

/**
 * Signs the account in: clears its pair's failures, remembers this browser as a known device of the account,
 * starts a new session, stamps the last login and audits it.
 */
export async function admitSignIn<K extends AccountKind>(ctx: AppContext, via: SignIn<K>, account: Accounts[K], admission: Admission): Promise<Accounts[K]> {
  await assertMayEnter(ctx, via, account);
  await admission.succeeded();
  return enter(ctx, via, account);
}

/** The password was right and the account needs a second factor: no session yet, 401 `mfa_required`. */
async function holdPasswordSignIn<K extends AccountKind>(
  ctx: AppContext,
  via: SignIn<K>,
  account: Accounts[K],
  admission: Admission,
  methods: SecondFactorMethod[],
): Promise<never> {
  await assertMayEnter(ctx, via, account);
  await admission.succeeded();
  await recordAudit(ctx, { action: 'auth.mfa_challenge', outcome: 'success', ...auditTarget(via, account) });
  return await holdForSecondFactor(ctx, via.kind, account, via.action, methods);
}

/** The second factor was right: the sign-in it completes goes ahead, if the account may still enter. */
export async function completeSignIn<K extends AccountKind>(ctx: AppContext, via: SignIn<K>, account: Accounts[K]): Promise<Accounts[K]> {
  await assertMayEnter(ctx, via, account);
  return enter(ctx, via, account);
}

async function enter<K extends AccountKind>(ctx: AppContext, via: SignIn<K>, account: Accounts[K]): Promise<Accounts[K]> {
  await startSession(ctx, via.kind, account.id);
  // $query() on the User | Doctor union answers the union: the account's own kind is still K.
  const signedIn = (await account.$query().patchAndFetch({ lastLogin: new Date() })) as Accounts[K];
  ctx.state.actor = ACCOUNT_RULES[via.kind].actor(account);
  await recordAudit(ctx, { action: via.action, outcome: 'success', ...auditTarget(via, account) });
  return signedIn;
}

function auditTarget<K extends AccountKind>(via: SignIn<K>, account: Accounts[K] | undefined): Omit<AuditEntry, 'action' | 'outcome'> {
  return { resourceType: via.kind, resourceId: account?.id, patientId: ACCOUNT_RULES[via.kind].patientId(account) };
}

/** Starts a fresh session for the actor: a new id at every sign-in (and a guest's link), so a planted cookie is worthless. */
export async function startSession(ctx: AppContext, actorKind: NonNullable<SessionData['actorKind']>, actorId: string): Promise<void> {
  const session = ctx.session as unknown as Session;
  // Nothing from before sign-in (a pending passkey challenge, say) survives into the signed-in session.
  for (const key of Object.keys(session)) if (!key.startsWith('_')) delete session[key];
  session.actorKind = actorKind;
  session.actorId = actorId;
  session.signedInAt = Date.now();
  session.userAgent = ctx.get('user-agent').slice(0, 512);
  // Back to the configured idle period, whatever the pre-sign-in session had (a short-lived challenge one).
  session.maxAge = ctx.deps.config.sessionIdleMs;
  await renewSessionId(ctx);
}

/**
 * Destroys the server-side session, so the old cookie no longer signs anyone in, and disconnects that
 * session's open sockets everywhere once the request is over ('close' comes after the row is deleted,
 * and also when the client went away before the answer reached it).
 */
export function endSession(ctx: AppContext): void {
  const fingerprint = sessionFingerprint(ctx);
  ctx.session = null;
  if (fingerprint) ctx.res.once('close', () => ctx.deps.realtime.emit('session:ended', { fingerprint }));
}
