import type { Knex } from 'knex';
import { SharedLink, SharedLinkFile } from '../../../db/models';
import { SHARED_LINK_PASSCODE_ATTEMPTS } from '../../../common/constants';
import { verifyPassword } from '../passwords';
import { isOpenable } from './links';
import { linkTokenHash } from './tokens';

/** What a manifest request (or a `U` link's direct request) brings: the address's token, who says they open it, and the passcode if given. */
export interface LinkRequest {
  token: string;
  recipient: string;
  passcode?: string;
  /** The IG's direct file request (GET), which only a `U` link answers. */
  direct?: boolean;
}

export type LinkOpening =
  | { kind: 'unknown' }
  | { kind: 'inactive'; link: SharedLink }
  | { kind: 'needs-passcode' | 'wrong-passcode'; link: SharedLink; remainingAttempts: number }
  | { kind: 'open'; link: SharedLink; files: SharedLinkFile[] };

/** Writes the attempt's audit row in the transaction that counted it, so a count and its row commit together. */
export type OpeningAudit = (trx: Knex.Transaction, link: SharedLink, outcome: 'success' | 'denied') => Promise<void>;

async function decide(trx: Knex.Transaction, link: SharedLink, { recipient, passcode, direct }: LinkRequest): Promise<LinkOpening> {
  if (!isOpenable(link) || (direct && !link.flag.includes('U'))) return { kind: 'inactive', link };
  if (link.passcodeHash) {
    const remainingAttempts = SHARED_LINK_PASSCODE_ATTEMPTS - link.failedPasscodes;
    // Asking without one is no guess: it costs no attempt.
    if (passcode === undefined) return { kind: 'needs-passcode', link, remainingAttempts };
    if (!(await verifyPassword(link.passcodeHash, passcode))) {
      await SharedLink.query(trx).patch({ failedPasscodes: link.failedPasscodes + 1 }).where({ id: link.id });
      return { kind: 'wrong-passcode', link, remainingAttempts: remainingAttempts - 1 };
    }
  }
  await SharedLink.query(trx).patch({ openCount: link.openCount + 1, lastOpenedAt: new Date(), lastRecipient: recipient }).where({ id: link.id });
  return { kind: 'open', link, files: await SharedLinkFile.query(trx).where({ linkId: link.id }).orderBy('createdAt') };
}

/**
 * One attempt to open a link. The link's row is locked for the attempt, so guesses sent in parallel are
 * taken one at a time and can never overrun its lifetime count of wrong passcodes (the IG's design note).
 * Every attempt on a link that exists is audited; an unknown token is nobody's, and is not.
 */
export function openSharedLink(knex: Knex, request: LinkRequest, audit: OpeningAudit): Promise<LinkOpening> {
  return knex.transaction(async (trx) => {
    const link = await SharedLink.query(trx).findOne({ tokenHash: linkTokenHash(request.token) }).forUpdate();
    if (!link) return { kind: 'unknown' } as const;
    const opening = await decide(trx, link, request);
    await audit(trx, link, opening.kind === 'open' ? 'success' : 'denied');
    return opening;
  });
}
