import type { SharedLink } from '../../db/models';
import type { SharedLinkCreated, SharedLinkSummary } from '../../common/api-types';
import { linkState } from '../services/shared-links/links';
import { iso } from '../lib/dates';

export function presentSharedLink(link: SharedLink): SharedLinkSummary {
  return {
    id: link.id,
    label: link.label,
    flag: link.flag,
    state: linkState(link),
    expiresAt: iso(link.expiresAt)!,
    createdAt: iso(link.createdAt)!,
    openCount: link.openCount,
    lastOpenedAt: iso(link.lastOpenedAt),
    lastRecipient: link.lastRecipient,
  };
}

/** The new link's addresses, from which the browser builds the shlink:/ payload with the key only it holds. */
export function presentCreatedLink(link: SharedLink, token: string, origin: string): SharedLinkCreated {
  return { ...presentSharedLink(link), manifestUrl: `${origin}/api/shl/${token}`, viewerUrl: `${origin}/shl` };
}
