import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppContext } from '../context';
import type { SessionData } from '../session-store';
import { ValidationFailed } from '../errors';

const RP_NAME = 'MediVault';
/** How long the browser may take (and the challenge stays valid): five minutes. */
const CEREMONY_TIMEOUT_MS = 5 * 60_000;

/**
 * What a passkey is for: signing in on its own (a patient's, discoverable and unlocked by the device's
 * biometrics or PIN), or as the second factor after a password (any authenticator, a security key too).
 */
type PasskeyUse = 'sign-in' | 'second-factor';
type Ceremony = `${PasskeyUse}:${'registration' | 'authentication'}`;

/** Whom a passkey is registered for. */
export interface PasskeyHolder {
  id: string;
  userName: string;
  displayName: string;
}

/** A registered passkey, of whichever table, with the id of the account that owns it. */
export interface StoredPasskey {
  credentialId: string;
  /** base64url COSE public key. */
  publicKey: string;
  counter: number;
  transports: string[] | null;
  ownerId: string;
}

interface PendingChallenge {
  ceremony: Ceremony;
  challenge: string;
  expiresAt: number;
}

/**
 * Who we are to the authenticator: PUBLIC_URL's host, or in development the host the browser is on (so one
 * deployment works under any name), and the origins its pages may have (this one, plus ALLOWED_ORIGINS on the same host name).
 */
function relyingParty(ctx: AppContext): { rpID: string; origins: string[] } {
  const { publicOrigin, allowedOrigins } = ctx.deps.config;
  // Koa 3's ctx.origin is the Origin request header, not this server's origin.
  const own = publicOrigin ?? `${ctx.protocol}://${ctx.host}`;
  const rpID = publicOrigin ? new URL(publicOrigin).hostname : ctx.hostname;
  const extra = allowedOrigins.filter((origin) => {
    try {
      return new URL(origin).hostname === rpID;
    } catch {
      return false;
    }
  });
  return { rpID, origins: [own, ...extra] };
}

function session(ctx: AppContext): SessionData {
  return ctx.session as unknown as SessionData;
}

function keepChallenge(ctx: AppContext, ceremony: Ceremony, challenge: string): void {
  const pending: PendingChallenge = { ceremony, challenge, expiresAt: Date.now() + CEREMONY_TIMEOUT_MS };
  session(ctx).passkeyChallenge = pending;
}

/** The challenge issued for this ceremony, usable once: it is gone whether verification then succeeds or not. */
function takeChallenge(ctx: AppContext, ceremony: Ceremony): string {
  const pending = session(ctx).passkeyChallenge as PendingChallenge | undefined;
  delete session(ctx).passkeyChallenge;
  if (!pending || pending.ceremony !== ceremony || pending.expiresAt < Date.now()) {
    throw new ValidationFailed('This biometric request has expired. Please try again.');
  }
  return pending.challenge;
}

/** The WebAuthn user handle: the account id's bytes, so a credential can be tied back to its owner. */
function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

const transportsOf = (credential: Pick<StoredPasskey, 'transports'>) => (credential.transports ?? []) as AuthenticatorTransportFuture[];
const allowed = (credentials: Pick<StoredPasskey, 'credentialId' | 'transports'>[]) => credentials.map((c) => ({ id: c.credentialId, transports: transportsOf(c) }));
/** A passkey that signs in on its own must prove who holds the device; a second factor only that it is there. */
const userVerifiedFor = (use: PasskeyUse) => use === 'sign-in';

export async function registrationOptions(
  ctx: AppContext,
  holder: PasskeyHolder,
  existing: Pick<StoredPasskey, 'credentialId' | 'transports'>[],
  use: PasskeyUse,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(ctx).rpID,
    userName: holder.userName,
    userDisplayName: holder.displayName,
    userID: userHandle(holder.id),
    attestationType: 'none',
    timeout: CEREMONY_TIMEOUT_MS,
    excludeCredentials: allowed(existing),
    authenticatorSelection:
      use === 'sign-in'
        ? { authenticatorAttachment: 'platform', residentKey: 'required', userVerification: 'required' }
        : { residentKey: 'discouraged', userVerification: 'preferred' },
  });
  keepChallenge(ctx, `${use}:registration`, options.challenge);
  return options;
}

interface NewPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[] | null;
}

/** Checks the browser's answer against the pending challenge; throws 400 when it does not hold. */
export async function verifyRegistration(ctx: AppContext, response: RegistrationResponseJSON, use: PasskeyUse): Promise<NewPasskey> {
  const expectedChallenge = takeChallenge(ctx, `${use}:registration`);
  const { rpID, origins } = relyingParty(ctx);
  const requireUserVerification = userVerifiedFor(use);
  const result = await verifyRegistrationResponse({ response, expectedChallenge, expectedOrigin: origins, expectedRPID: rpID, requireUserVerification }).catch(
    () => ({ verified: false }) as const,
  );
  if (!result.verified) throw new ValidationFailed('This device could not be registered for biometric login. Please try again.');
  const { credential } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports?.length ? credential.transports : null,
  };
}

/**
 * Options to sign in with a passkey: without a list, the device offers its own passkeys for this site
 * (discoverable credentials); as a second factor, one of the account's own.
 */
export async function authenticationOptions(
  ctx: AppContext,
  use: PasskeyUse,
  credentials: Pick<StoredPasskey, 'credentialId' | 'transports'>[] = [],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    userVerification: userVerifiedFor(use) ? 'required' : 'preferred',
    timeout: CEREMONY_TIMEOUT_MS,
    allowCredentials: allowed(credentials),
  });
  keepChallenge(ctx, `${use}:authentication`, options.challenge);
  // A visitor's session exists only to hold the challenge: it lives no longer than the challenge does.
  if (ctx.state.actor.kind === 'anonymous') (ctx.session as unknown as { maxAge: number }).maxAge = CEREMONY_TIMEOUT_MS;
  return options;
}

/** The pending sign-in challenge, taken before the credential is looked up so every answer uses it up. */
export function takeAuthenticationChallenge(ctx: AppContext, use: PasskeyUse): string {
  return takeChallenge(ctx, `${use}:authentication`);
}

/** Verifies a signed assertion by a stored passkey; returns the new signature counter, or null when it fails. */
export async function verifyAuthentication(
  ctx: AppContext,
  use: PasskeyUse,
  expectedChallenge: string,
  response: AuthenticationResponseJSON,
  stored: StoredPasskey,
): Promise<number | null> {
  const { rpID, origins } = relyingParty(ctx);
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandle(stored.ownerId)).toString('base64url')) return null;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: userVerifiedFor(use),
      credential: { id: stored.credentialId, publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')), counter: stored.counter, transports: transportsOf(stored) },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
