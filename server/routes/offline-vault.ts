import { createHmac } from 'node:crypto';
import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { offlineVaultKeyResponse } from '../presenters/response-schemas';
import { signedInUser } from '../policies/route-policy';
import { Unauthenticated } from '../errors';
import { recordAudit } from '../services/audit';
import type { Config } from '../config';

/**
 * The key that wraps a device's offline-vault key (AES-KW, 256 bits). It is derived from the session
 * secret and the account, so the server stores nothing and every device of the account gets the same
 * one; the device keeps it only in memory, so a copied browser profile holds the wrapped vault key but
 * never what unwraps it. A new SESSION_SECRET gives new keys: devices then start their vaults afresh.
 */
function vaultWrappingKey(config: Pick<Config, 'sessionKeys'>, userId: string): string {
  return createHmac('sha256', config.sessionKeys[0]!).update(`medivault offline vault wrapping key\0${userId}`).digest('base64url');
}

export function registerOfflineVaultRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/auth/vault-key',
    summary: "The key that unwraps this account's offline vault on a device (base64url, 32 bytes): handed to a live session only, never stored by the device",
    policy: signedInUser,
    response: offlineVaultKeyResponse,
    handler: async (ctx) => {
      const actor = ctx.state.actor;
      if (actor.kind !== 'patient' && actor.kind !== 'admin') throw new Unauthenticated();
      // Each release is traced: a stolen session that opened a copied vault shows up here.
      await recordAudit(ctx, { action: 'offline_vault.key_release', outcome: 'success', resourceType: 'user', resourceId: actor.userId, patientId: actor.kind === 'patient' ? actor.userId : undefined });
      return { key: vaultWrappingKey(ctx.deps.config, actor.userId) };
    },
  });
}
