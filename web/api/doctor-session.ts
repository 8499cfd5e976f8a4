import { queryOptions } from '@tanstack/react-query';
import type { PublicDoctor } from '../../common/api-types';
import { getByKey } from './client';
import { SESSION_CACHE_MS } from '../../common/constants';

/** GET /api/auth/doctor/me: null when no doctor is signed in. */
export const doctorMeQuery = queryOptions({
  queryKey: ['/api/auth/doctor/me'],
  queryFn: async ({ queryKey }) => {
    try {
      return await getByKey<PublicDoctor>(queryKey, 'returnNull');
    } catch {
      return null;
    }
  },
  staleTime: SESSION_CACHE_MS,
});
