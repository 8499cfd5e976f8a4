/**
 * Patient sign-up that tells nobody which usernames and addresses exist: the answer is the same whether the
 * account was created or its username or email was already in use (by a patient, an admin or a doctor).
 * The password is hashed in both cases, so the time says nothing either. What went wrong goes by email to
 * the address typed, where mail is set up: only its owner learns it.
 */
import { UniqueViolationError } from 'objection';
import type { AppContext } from '../context';
import type { SignupPayload } from '../../common/schemas/signup';
import { User } from '../../db/models';
import { userActor } from '../middleware/actor';
import { doctorUsesEmail } from './account-emails';
import { recordAudit } from './audit';
import { hashPassword } from './passwords';
import { appOrigin } from '../lib/app-origin';

export const SIGNUP_RECEIVED_WITH_MAIL =
  "Your account is ready: you can now sign in. If you can't, this username or email was already in use, and we've emailed the details to the address you gave.";
export const SIGNUP_RECEIVED_WITHOUT_MAIL =
  "Your account is ready: you can now sign in. If you can't, this username or email was already in use: sign up again with others.";

type InUse = 'username' | 'email';

/** Which of the two is already in use (case-insensitively; a doctor's address counts). */
async function inUse(username: string, email: string): Promise<InUse | null> {
  const taken = await User.query()
    .whereRaw('lower(username) = ?', [username.toLowerCase()])
    .orWhereRaw('lower(email) = ?', [email])
    .select('username', 'email');
  if (taken.some((user) => user.email.toLowerCase() === email) || (await doctorUsesEmail(email))) return 'email';
  return taken.length ? 'username' : null;
}

/** The account, or what was in use; a concurrent sign-up that won the race lands here as a unique violation. */
async function insertPatient(body: SignupPayload, email: string, passwordHash: string): Promise<User | InUse> {
  try {
    return await User.query()
      .insert({
        username: body.username,
        email,
        passwordHash,
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        phone: body.phone?.trim() || null,
        role: 'patient',
        emergencyContact: body.emergencyContact
          ? { name: body.emergencyContact.name.trim(), phone: body.emergencyContact.phone.trim(), relationship: body.emergencyContact.relation }
          : null,
      })
      .returning('*');
  } catch (err) {
    if (err instanceof UniqueViolationError) return err.constraint.includes('email') ? 'email' : 'username';
    throw err;
  }
}

/** The email to the address typed, saying what was in use and what to do. */
function inUseMail(ctx: AppContext, to: string, username: string, taken: InUse) {
  const origin = appOrigin(ctx);
  const text =
    taken === 'email'
      ? `Someone (we hope you) tried to create a MediVault account with this email address, which already has an account.\n\n` +
        `Sign in at ${origin}/login. If you forgot your password, reset it at ${origin}/forgot-password.\n\n` +
        `If this was not you, ignore this email: nothing was changed.\n`
      : `You tried to create a MediVault account with the username "${username}", which is already taken, so no account was created.\n\n` +
        `Sign up again with another username at ${origin}/signup.\n`;
  return { to, subject: 'Your MediVault sign-up', text };
}

/**
 * Creates the patient account if its username and email are free; otherwise creates nothing and, after the
 * answer, emails the address typed. Either way the caller answers the same.
 */
export async function signUpPatient(ctx: AppContext, body: SignupPayload): Promise<void> {
  const email = body.email.trim().toLowerCase();
  const [taken, passwordHash] = await Promise.all([inUse(body.username, email), hashPassword(body.password)]);
  const outcome = taken ?? (await insertPatient(body, email, passwordHash));
  if (outcome instanceof User) {
    ctx.state.actor = userActor(outcome);
    await recordAudit(ctx, { action: 'auth.signup', outcome: 'success', resourceType: 'user', resourceId: outcome.id, patientId: outcome.id });
    return;
  }
  await recordAudit(ctx, { action: 'auth.signup', outcome: 'failure' });
  if (!ctx.deps.config.mail) return;
  void ctx.deps.mailer.send(inUseMail(ctx, email, body.username, outcome)).catch((err: Error) => ctx.deps.log.error({ error: err.message }, 'sign-up mail not sent'));
}

export const signupReceived = (ctx: AppContext) => (ctx.deps.config.mail ? SIGNUP_RECEIVED_WITH_MAIL : SIGNUP_RECEIVED_WITHOUT_MAIL);
