import { queryOptions } from '@tanstack/react-query';
import { SESSION_CACHE_MS } from '../../common/constants';
import type { SessionUser } from '../../common/api-types';
import { apiRequest } from './client';
import { readThrough } from '../offline/read-through';
import { claimVault, forgetRecords } from '../offline/vault';

/**
 * The signed-in patient or admin (spec: GET /api/auth/me), null when nobody is. Asked of GET
 * /api/auth/session, which answers a visitor 200 with null where /auth/me answers 401, so a visitor's
 * page logs no failed request; the key stays the spec's, under which the answer is kept offline.
 * Cached 5 minutes (spec section 7). Offline, the kept answer stands: no network is not 'signed out'.
 * Only the server saying so ends the session on this device too, and the records kept for it go.
 */
export const meQuery = queryOptions({
  queryKey: ['/api/auth/me'],
  queryFn: ({ queryKey }) =>
    readThrough(queryKey, async () => {
      const { user: me } = await apiRequest<SessionUser>('/api/auth/session');
      await (me ? claimVault(me.id) : forgetRecords()).catch((error) => console.warn('Offline vault unavailable', error));
      return me;
    }),
  staleTime: SESSION_CACHE_MS,
});
