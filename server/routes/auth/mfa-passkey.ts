import type { Router } from '@koa/router';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { defineRoute } from '../define';
import { mfaSignInResponse, signInRefusals, webAuthnOptionsResponse } from '../../presenters/response-schemas';
import { publicAccess } from '../../policies/route-policy';
import { emptyBodySchema } from '../../../common/schemas/misc';
import { passkeyAuthenticationSchema, passkeyRegistrationSchema } from '../../../common/schemas/passkey';
import { limitPerAddress } from '../../services/request-limit';
import { recordAuditIn } from '../../services/audit';
import { checkPasskeyFactor, passkeyChallenge, passkeySetupOptions, registerPasskeyFactor } from '../../services/mfa/passkey-factor';
import { checkSecondFactor, finishHeldSignIn, pendingAccount } from './held-sign-in';

/** A passkey as the second step of a password sign-in that answered 401 mfa_required: set up at the first sign-in, used at the next. */
export function registerMfaPasskeyRoutes(router: Router): void {
  defineRoute(router, {
    method: 'post',
    path: '/auth/mfa/passkey/registration/options',
    summary: 'WebAuthn options to set a passkey up as the second factor, for a held sign-in whose account has none yet (409 when it has one)',
    before: [limitPerAddress('passkeyOptions')],
    policy: publicAccess,
    body: emptyBodySchema,
    response: webAuthnOptionsResponse,
    handler: async (ctx) => {
      const { pending, account } = await pendingAccount(ctx);
      return passkeySetupOptions(ctx, pending.kind, account);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/auth/mfa/passkey/registration',
    summary: 'Set the passkey up and finish the held sign-in: answers the account ({ user } or { doctor }) and its recovery codes, shown this once',
    policy: publicAccess,
    body: passkeyRegistrationSchema,
    response: mfaSignInResponse,
    handler: async (ctx, { body }) => {
      const { pending, account } = await pendingAccount(ctx);
      const recoveryCodes = await registerPasskeyFactor(ctx, pending.kind, account, body.credential as unknown as RegistrationResponseJSON, (trx) =>
        recordAuditIn(trx, ctx, { action: 'auth.mfa_enrol', outcome: 'success', resourceType: pending.kind, resourceId: account.id }),
      );
      return finishHeldSignIn(ctx, pending, account, recoveryCodes);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/auth/mfa/passkey/options',
    summary: "WebAuthn options to use one of the held sign-in's passkeys (409 when its account has none)",
    before: [limitPerAddress('passkeyOptions')],
    policy: publicAccess,
    body: emptyBodySchema,
    response: webAuthnOptionsResponse,
    handler: async (ctx) => {
      const { pending } = await pendingAccount(ctx);
      return passkeyChallenge(ctx, pending.kind, pending.accountId);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/auth/mfa/passkey',
    summary: 'Finish the held sign-in with its passkey: answers the account as its sign-in would ({ user } or { doctor })',
    policy: publicAccess,
    body: passkeyAuthenticationSchema,
    response: mfaSignInResponse,
    refusals: signInRefusals,
    handler: async (ctx, { body }) => {
      const { pending, account } = await pendingAccount(ctx);
      const credential = body.credential as unknown as AuthenticationResponseJSON;
      await checkSecondFactor(ctx, pending.kind, account, () => checkPasskeyFactor(ctx, pending.kind, account.id, credential), () => 'auth.mfa_passkey');
      return finishHeldSignIn(ctx, pending, account);
    },
  });
}
