import type { Router } from '@koa/router';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { defineRoute } from './define';
import { listOf, passkeyResponse, signInRefusals, signedInUserResponse, webAuthnOptionsResponse } from '../presenters/response-schemas';
import { patientOnly, publicAccess } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { findOwnPasskey, passkeysOf } from '../policies/passkey';
import { emptyBodySchema } from '../../common/schemas/misc';
import { passkeyAuthenticationSchema, passkeyRegistrationSchema } from '../../common/schemas/passkey';
import { User, WebauthnCredential } from '../../db/models';
import {
  authenticationOptions,
  registrationOptions,
  takeAuthenticationChallenge,
  verifyAuthentication,
  verifyRegistration,
} from '../services/passkeys';
import { admitSignIn, refuseSignIn, type SignIn } from '../services/sign-in';
import { accountKey, throttleFor } from '../services/sign-in-throttle';
import { limitPerAddress } from '../services/request-limit';
import { recordAudit, recordAuditIn } from '../services/audit';
import { presentPasskey } from '../presenters/passkey';
import { presentUser } from '../presenters/user';
import { personName } from '../../common/names';
import { Conflict, Unauthenticated } from '../errors';

const NOT_REGISTERED = 'This passkey is not registered with MediVault. Please set up biometric authentication first.';
const NOT_VERIFIED = 'Biometric verification failed. Please use your username/email and password.';

const PASSKEY: SignIn<'user'> = { kind: 'user', action: 'auth.passkey_login' };

/** Passkeys (WebAuthn): a signed-in patient registers this device, then 'Use Biometric Login' signs in with it. */
export function registerPasskeysRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/passkeys',
    summary: "The patient's passkeys",
    policy: patientOnly,
    response: listOf(passkeyResponse),
    handler: async (ctx) => {
      const patient = asPatient(ctx.state.actor);
      const [passkeys] = await Promise.all([
        passkeysOf(patient).orderBy('createdAt', 'desc'),
        recordAudit(ctx, { action: 'passkey.list', outcome: 'success', patientId: patient.userId }),
      ]);
      return passkeys.map(presentPasskey);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/passkeys/registration/options',
    summary: 'Start registering a passkey (WebAuthn options)',
    before: [limitPerAddress('passkeyOptions')],
    policy: patientOnly,
    body: emptyBodySchema,
    response: webAuthnOptionsResponse,
    handler: async (ctx) => {
      const patient = asPatient(ctx.state.actor);
      const user = await User.query().findById(patient.userId);
      if (!user) throw new Unauthenticated();
      return registrationOptions(ctx, { id: user.id, userName: user.username, displayName: personName(user) }, await passkeysOf(patient), 'sign-in');
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/passkeys/registration',
    summary: 'Register a passkey',
    policy: patientOnly,
    body: passkeyRegistrationSchema,
    status: 201,
    response: passkeyResponse,
    handler: async (ctx, { body }) => {
      const patient = asPatient(ctx.state.actor);
      const verified = await verifyRegistration(ctx, body.credential as unknown as RegistrationResponseJSON, 'sign-in');
      if (await WebauthnCredential.query().findOne({ credentialId: verified.credentialId })) {
        throw new Conflict('This passkey is already registered.', { credential: 'This passkey is already registered.' });
      }
      const passkey = await WebauthnCredential.transaction(async (trx) => {
        const created = await WebauthnCredential.query(trx)
          .insert({ ...verified, userId: patient.userId, deviceName: body.deviceName?.trim() || null })
          .returning('*');
        await User.query(trx).findById(patient.userId).patch({ biometricEnabled: true });
        await recordAuditIn(trx, ctx, { action: 'passkey.register', outcome: 'success', resourceType: 'passkey', resourceId: created.id, patientId: patient.userId });
        return created;
      });
      return presentPasskey(passkey);
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: '/passkeys/:id',
    summary: 'Remove a passkey',
    policy: patientOnly,
    status: 204,
    handler: async (ctx, { params }) => {
      const patient = asPatient(ctx.state.actor);
      const passkey = await findOwnPasskey(patient, params.id!);
      await WebauthnCredential.transaction(async (trx) => {
        await passkey.$query(trx).delete();
        const left = await passkeysOf(patient).transacting(trx).resultSize();
        if (!left) await User.query(trx).findById(patient.userId).patch({ biometricEnabled: false });
        await recordAuditIn(trx, ctx, { action: 'passkey.remove', outcome: 'success', resourceType: 'passkey', resourceId: passkey.id, patientId: patient.userId });
      });
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/passkeys/authentication/options',
    summary: 'Start a passkey sign-in (WebAuthn options)',
    before: [limitPerAddress('passkeyOptions')],
    policy: publicAccess,
    body: emptyBodySchema,
    response: webAuthnOptionsResponse,
    handler: (ctx) => authenticationOptions(ctx, 'sign-in'),
  });

  defineRoute(router, {
    method: 'post',
    path: '/passkeys/authentication',
    summary: 'Sign in with a passkey',
    policy: publicAccess,
    body: passkeyAuthenticationSchema,
    response: signedInUserResponse,
    refusals: signInRefusals,
    handler: async (ctx, { body }) => {
      const credential = body.credential as unknown as AuthenticationResponseJSON;
      const expectedChallenge = takeAuthenticationChallenge(ctx, 'sign-in');
      const throttle = throttleFor(ctx);
      const stored = await WebauthnCredential.query().findOne({ credentialId: credential.id });
      const user = stored && (await User.query().findById(stored.userId));
      // An unknown passkey names no account: only the address is counted. A signature cannot be guessed,
      // so a passkey is never asked for the proof-of-work step.
      if (!stored || !user) return refuseSignIn(ctx, PASSKEY, NOT_REGISTERED, { admission: await throttle.admit(ctx, { accountKey: null, asksProof: false }) });
      const admission = await throttle.admit(ctx, { accountKey: accountKey('user', user.id), asksProof: false });
      const counter = await verifyAuthentication(ctx, 'sign-in', expectedChallenge, credential, { ...stored, ownerId: stored.userId });
      if (counter === null) return refuseSignIn(ctx, PASSKEY, NOT_VERIFIED, { admission, account: user });

      await stored.$query().patch({ counter, lastUsedAt: new Date() });
      return { user: presentUser(await admitSignIn(ctx, PASSKEY, user, admission)) };
    },
  });
}
