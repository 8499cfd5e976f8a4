import type { Knex } from 'knex';
import { SharedLink, SharedLinkFile } from '../../../db/models';
import { SHARED_LINK_PASSCODE_ATTEMPTS } from '../../../common/constants';
import { shlinkFlag } from '../../../common/smart-health-link';
import type { SharedLinkState } from '../../../common/api-types';
import { hashPassword } from '../passwords';
import { linkTokenHash, newLinkToken } from './tokens';

interface NewSharedLink {
  label: string;
  expiresInDays: number;
  passcode?: string;
  longTerm: boolean;
  direct: boolean;
  file: { contentType: string; jwe: string };
}

/** A new link and its encrypted file; the token (the manifest address's secret part) is returned this once. */
export async function createSharedLink(trx: Knex.Transaction, userId: string, choices: NewSharedLink): Promise<{ link: SharedLink; token: string }> {
  const token = newLinkToken();
  const link = await SharedLink.query(trx).insertAndFetch({
    userId,
    tokenHash: linkTokenHash(token),
    label: choices.label,
    flag: shlinkFlag({ longTerm: choices.longTerm, passcode: Boolean(choices.passcode), direct: choices.direct }),
    passcodeHash: choices.passcode ? await hashPassword(choices.passcode) : null,
    expiresAt: new Date(Date.now() + choices.expiresInDays * 86_400_000),
  });
  await SharedLinkFile.query(trx).insert({ linkId: link.id, contentType: choices.file.contentType, jwe: choices.file.jwe });
  return { link, token };
}

/** Revoked at once: the link answers 404 from now on, and its encrypted files are deleted. */
export async function revokeSharedLink(trx: Knex.Transaction, link: SharedLink): Promise<void> {
  await SharedLink.query(trx).patch({ revokedAt: new Date() }).where({ id: link.id });
  await SharedLinkFile.query(trx).where({ linkId: link.id }).delete();
}

/** Why a link opens or not now: revoked links are never listed, so they have no state here. */
export function linkState(link: SharedLink, now = Date.now()): SharedLinkState {
  if (link.failedPasscodes >= SHARED_LINK_PASSCODE_ATTEMPTS) return 'locked';
  if (new Date(link.expiresAt).getTime() <= now) return 'expired';
  return 'active';
}

export const isOpenable = (link: SharedLink, now = Date.now()): boolean => !link.revokedAt && linkState(link, now) === 'active';
