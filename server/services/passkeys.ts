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
import { personName } from '../../common/names';
import type { SessionData } from '../session-store';
import type { User, WebauthnCredential } from '../../db/models';
import { ValidationFailed } from '../errors';

export const RP_NAME = 'MediVault';
/** How long the browser may take (and the challenge stays valid): five minutes. */
const CEREMONY_TIMEOUT_MS = 5 * 60_000;

type Ceremony = 'registration' | 'authentication';

interface PendingChallenge {
  ceremony: Ceremony;
  challenge: string;
  expiresAt: number;
}

/**
 * Who we are to the authenticator: the host the browser is on (so one deployment works under any name)
 * and the origins its pages may have (this one, plus ALLOWED_ORIGINS on the same host name).
 */
export function relyingParty(ctx: AppContext): { rpID: string; origins: string[] } {
  const rpID = ctx.hostname;
  const extra = ctx.deps.config.allowedOrigins.filter((origin) => {
    try {
      return new URL(origin).hostname === rpID;
    } catch {
      return false;
    }
  });
  // Koa 3's ctx.origin is the Origin request header, not this server's origin.
  return { rpID, origins: [`${ctx.protocol}://${ctx.host}`, ...extra] };
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
export function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

const transportsOf = (credential: WebauthnCredential) => (credential.transports ?? []) as AuthenticatorTransportFuture[];

export async function registrationOptions(ctx: AppContext, user: User, existing: WebauthnCredential[]): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(ctx).rpID,
    userName: user.username,
    userDisplayName: personName(user),
    userID: userHandle(user.id),
    attestationType: 'none',
    timeout: CEREMONY_TIMEOUT_MS,
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c) })),
    // A discoverable credential on this device, unlocked by the device's biometrics or PIN.
    authenticatorSelection: { authenticatorAttachment: 'platform', residentKey: 'required', userVerification: 'required' },
  });
  keepChallenge(ctx, 'registration', options.challenge);
  return options;
}

export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[] | null;
}

/** Checks the browser's answer against the pending challenge; throws 400 when it does not hold. */
export async function verifyRegistration(ctx: AppContext, response: RegistrationResponseJSON): Promise<NewPasskey> {
  const expectedChallenge = takeChallenge(ctx, 'registration');
  const { rpID, origins } = relyingParty(ctx);
  const result = await verifyRegistrationResponse({ response, expectedChallenge, expectedOrigin: origins, expectedRPID: rpID, requireUserVerification: true }).catch(
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

/** Sign-in options without a user: the device offers its own passkeys for this site (discoverable credentials). */
export async function authenticationOptions(ctx: AppContext): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: relyingParty(ctx).rpID, userVerification: 'required', timeout: CEREMONY_TIMEOUT_MS });
  keepChallenge(ctx, 'authentication', options.challenge);
  // A visitor's session exists only to hold the challenge: it lives no longer than the challenge does.
  if (ctx.state.actor.kind === 'anonymous') (ctx.session as unknown as { maxAge: number }).maxAge = CEREMONY_TIMEOUT_MS;
  return options;
}

/** The pending sign-in challenge, taken before the credential is looked up so every answer uses it up. */
export function takeAuthenticationChallenge(ctx: AppContext): string {
  return takeChallenge(ctx, 'authentication');
}

/** Verifies a signed assertion by a stored passkey; returns the new signature counter, or null when it fails. */
export async function verifyAuthentication(
  ctx: AppContext,
  expectedChallenge: string,
  response: AuthenticationResponseJSON,
  stored: WebauthnCredential,
): Promise<number | null> {
  const { rpID, origins } = relyingParty(ctx);
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandle(stored.userId)).toString('base64url')) return null;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: { id: stored.credentialId, publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')), counter: stored.counter, transports: transportsOf(stored) },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
