/**
 * Patient sign-up that tells nobody which addresses have an account: the answer is the same whether the
 * account was created or its email was already in use (by a patient, an admin or a doctor), and claims
 * neither. The password is hashed in both cases, so the time says nothing either; where mail is set up, the
 * address typed is told, so only its owner learns it. A taken username is refused plainly (409): usernames
 * are chosen to be shown, and the answer says nothing about the email typed beside it.
 */
import { UniqueViolationError } from 'objection';
import type { AppContext } from '../context';
import type { SignupPayload } from '../../common/schemas/signup';
import { User } from '../../db/models';
import { userActor } from '../middleware/actor';
import { doctorUsesEmail, userUsesEmail } from './account-emails';
import { recordAudit } from './audit';
import { hashPassword } from './passwords';
import { appOrigin } from '../lib/app-origin';
import { Conflict } from '../errors';

const IF_NEW = 'If this email address is new to MediVault, your account is ready: sign in with your username and password.';
export const SIGNUP_RECEIVED_WITH_MAIL = `${IF_NEW} If it already has an account, no new one was made, and we've emailed that address what to do.`;
export const SIGNUP_RECEIVED_WITHOUT_MAIL = `${IF_NEW} If it already has an account, no new one was made: sign in to that account instead.`;
export const USERNAME_TAKEN = 'That username is taken. Choose another.';

const usernameTaken = () => new Conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });

/** Whether the username belongs to an account already (case-insensitively). */
async function usernameInUse(username: string): Promise<boolean> {
  return (await User.query().whereRaw('lower(username) = ?', [username.toLowerCase()]).resultSize()) > 0;
}

/** Whether the address belongs to an account already (a doctor's counts). */
async function emailInUse(email: string): Promise<boolean> {
  const [user, doctor] = await Promise.all([userUsesEmail(email), doctorUsesEmail(email)]);
  return user || doctor;
}

/** The account, or 'email' when the address was taken; a concurrent sign-up that won the race lands here as a unique violation. */
async function insertPatient(body: SignupPayload, email: string, passwordHash: string): Promise<User | 'email'> {
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
    if (!(err instanceof UniqueViolationError)) throw err;
    if (err.constraint.includes('email')) return 'email';
    throw usernameTaken();
  }
}

/** The email to an address that already has an account, saying what to do. */
function inUseMail(ctx: AppContext, to: string) {
  const origin = appOrigin(ctx);
  const text =
    `Someone (we hope you) tried to create a MediVault account with this email address, which already has an account.\n\n` +
    `Sign in at ${origin}/login. If you forgot your password, reset it at ${origin}/forgot-password.\n\n` +
    `If this was not you, ignore this email: nothing was changed.\n`;
  return { to, subject: 'Your MediVault sign-up', text };
}

/** The new account, or 'email' when that address already has one; a taken username is refused (409). */
async function createUnlessTaken(body: SignupPayload, email: string): Promise<User | 'email'> {
  if (await usernameInUse(body.username)) throw usernameTaken();
  const [emailTaken, passwordHash] = await Promise.all([emailInUse(email), hashPassword(body.password)]);
  return emailTaken ? 'email' : insertPatient(body, email, passwordHash);
}

/**
 * Refuses a taken username (409). Otherwise creates the patient account if its email is free, or creates
 * nothing and, after the answer, emails the address; the caller answers those two alike.
 */
export async function signUpPatient(ctx: AppContext, body: SignupPayload): Promise<void> {
  const email = body.email.trim().toLowerCase();
  const outcome = await createUnlessTaken(body, email).catch(async (err: unknown) => {
    if (err instanceof Conflict) await recordAudit(ctx, { action: 'auth.signup', outcome: 'failure' });
    throw err;
  });
  if (outcome instanceof User) {
    ctx.state.actor = userActor(outcome);
    await recordAudit(ctx, { action: 'auth.signup', outcome: 'success', resourceType: 'user', resourceId: outcome.id, patientId: outcome.id });
    return;
  }
  await recordAudit(ctx, { action: 'auth.signup', outcome: 'failure' });
  if (!ctx.deps.config.mail) return;
  void ctx.deps.mailer.send(inUseMail(ctx, email)).catch((err: Error) => ctx.deps.log.error({ error: err.message }, 'sign-up mail not sent'));
}

export const signupReceived = (ctx: AppContext) => (ctx.deps.config.mail ? SIGNUP_RECEIVED_WITH_MAIL : SIGNUP_RECEIVED_WITHOUT_MAIL);
