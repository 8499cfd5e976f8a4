/**
 * A passkey as the second factor of a password sign-in: set up at the first sign-in of an account that
 * needs a second factor (in place of an authenticator app), then offered at every later one. Any
 * authenticator will do (a phone, a laptop's, a security key): the password is the first factor.
 */
import type { Knex } from 'knex';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AppContext } from '../../context';
import { User, type Doctor } from '../../../db/models';
import { personName } from '../../../common/names';
import { Conflict, InvalidCredentials } from '../../errors';
import { authenticationOptions, registrationOptions, takeAuthenticationChallenge, verifyAuthentication, verifyRegistration, type PasskeyHolder, type StoredPasskey } from '../passkeys';
import { issueRecoveryCodes } from './recovery-codes';
import type { AccountKind } from '../sign-in';
import type { Account } from './second-factor';

const PASSKEY_NOT_ACCEPTED = 'This passkey did not verify. Try again, or use a code from your authenticator app or a recovery code.';
const NO_PASSKEY = 'No passkey is set up for this account. Use a code from your authenticator app or a recovery code.';
export const HAS_SECOND_FACTOR = 'This account already has a second factor. Use it to finish signing in.';

interface PasskeyRow {
  id: string;
  credentialId: string;
  publicKey: string;
  counter: string | number;
  transports: string[] | null;
  accountId: string;
}

/** The account's rows (the query builder maps their columns to camelCase). */
const rows = (knex: Knex, kind: AccountKind, accountId: string) => knex('mfa_passkeys').where({ account_kind: kind, account_id: accountId });

const stored = (row: PasskeyRow): StoredPasskey => ({
  credentialId: row.credentialId,
  publicKey: row.publicKey,
  counter: Number(row.counter),
  transports: row.transports,
  ownerId: row.accountId,
});

export async function secondFactorPasskeys(knex: Knex, kind: AccountKind, accountId: string): Promise<StoredPasskey[]> {
  return ((await rows(knex, kind, accountId).select('*')) as PasskeyRow[]).map(stored);
}

function holderOf(kind: AccountKind, account: Account): PasskeyHolder {
  const displayName = kind === 'doctor' ? (account as Doctor).name : personName(account as User);
  return { id: account.id, userName: account.email, displayName };
}

/** Options to set a passkey up, for an account that has no second factor yet. */
export async function passkeySetupOptions(ctx: AppContext, kind: AccountKind, account: Account): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await secondFactorPasskeys(ctx.deps.knex, kind, account.id);
  if (account.totpEnabledAt || existing.length) throw new Conflict(HAS_SECOND_FACTOR);
  return registrationOptions(ctx, holderOf(kind, account), existing, 'second-factor');
}

/**
 * Stores the passkey just made and issues the account's recovery codes, in one transaction; the caller's
 * audit row (written through `inTransaction`) commits with them.
 */
export async function registerPasskeyFactor(
  ctx: AppContext,
  kind: AccountKind,
  account: Account,
  response: RegistrationResponseJSON,
  inTransaction: (trx: Knex.Transaction) => Promise<void>,
): Promise<string[]> {
  const passkey = await verifyRegistration(ctx, response, 'second-factor');
  return ctx.deps.knex.transaction(async (trx) => {
    // Locks the account's row: two set-ups racing cannot both add a first factor.
    await trx(kind === 'doctor' ? 'doctors' : 'users').where({ id: account.id }).forUpdate().first('id');
    if (account.totpEnabledAt || (await rows(trx, kind, account.id).first('id'))) throw new Conflict(HAS_SECOND_FACTOR);
    await trx('mfa_passkeys').insert({ account_kind: kind, account_id: account.id, credential_id: passkey.credentialId, public_key: passkey.publicKey, counter: passkey.counter, transports: passkey.transports ? JSON.stringify(passkey.transports) : null });
    const codes = await issueRecoveryCodes(trx, kind, account.id);
    await inTransaction(trx);
    return codes;
  });
}

/** Options to use one of the account's passkeys. */
export async function passkeyChallenge(ctx: AppContext, kind: AccountKind, accountId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await secondFactorPasskeys(ctx.deps.knex, kind, accountId);
  if (!passkeys.length) throw new Conflict(NO_PASSKEY);
  return authenticationOptions(ctx, 'second-factor', passkeys);
}

/** Checks the signed answer against the account's own passkeys and moves the signature counter on; 401 otherwise. */
export async function checkPasskeyFactor(ctx: AppContext, kind: AccountKind, accountId: string, response: AuthenticationResponseJSON): Promise<void> {
  const expectedChallenge = takeAuthenticationChallenge(ctx, 'second-factor');
  const row = (await rows(ctx.deps.knex, kind, accountId).where({ credential_id: response.id }).first()) as PasskeyRow | undefined;
  const counter = row ? await verifyAuthentication(ctx, 'second-factor', expectedChallenge, response, stored(row)) : null;
  if (!row || counter === null) throw new InvalidCredentials(PASSKEY_NOT_ACCEPTED);
  await ctx.deps.knex('mfa_passkeys').where({ id: row.id }).update({ counter, last_used_at: ctx.deps.knex.fn.now() });
}
