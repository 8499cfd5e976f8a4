import { queryOptions } from '@tanstack/react-query';
import { SESSION_CACHE_MS } from '../../common/constants';
import type { PublicUser } from '../../common/api-types';
import { getByKey } from './client';
import { readThrough } from '../offline/read-through';
import { claimVault, forgetRecords } from '../offline/vault';

/**
 * GET /api/auth/me: null when nobody is signed in. Cached 5 minutes (spec section 7). Offline, the kept
 * answer stands: no network is not 'signed out'. Only the server saying so (401) ends the session on this
 * device too, and the records kept for it go.
 */
export const meQuery = queryOptions({
  queryKey: ['/api/auth/me'],
  queryFn: ({ queryKey }) =>
    readThrough(queryKey, async () => {
      const me = await getByKey<PublicUser>(queryKey, 'returnNull');
      await (me ? claimVault(me.id) : forgetRecords()).catch((error) => console.warn('Offline vault unavailable', error));
      return me;
    }),
  staleTime: SESSION_CACHE_MS,
});
