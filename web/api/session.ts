import { queryOptions } from '@tanstack/react-query';
import { SESSION_CACHE_MS } from '../../common/constants';
import type { PublicUser } from '../../common/api-types';
import { getByKey } from './client';

/** GET /api/auth/me: null when nobody is signed in. Cached 5 minutes (spec section 7). */
export const meQuery = queryOptions({
  queryKey: ['/api/auth/me'],
  queryFn: ({ queryKey }) => getByKey<PublicUser>(queryKey, 'returnNull'),
  staleTime: SESSION_CACHE_MS,
});
