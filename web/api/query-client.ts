import { QueryClient } from '@tanstack/react-query';
import { getByKey } from './client';
import { readThrough } from '../offline/read-through';
import { QUERY_GC_TIME_MS, QUERY_STALE_TIME } from '../../common/constants';

/**
 * Spec section 9: data never goes stale on its own, gc after 5 minutes, no retries, no refetch on focus.
 * Offline, the patient's records come from the device vault (readThrough) and changes are queued
 * (sendOrQueue), so nothing waits for the network: networkMode 'always' (react-query would otherwise
 * pause every query and mutation while the browser says it is offline, leaving 'Saving...' on screen).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: ({ queryKey }) => readThrough(queryKey, () => getByKey(queryKey)),
      staleTime: QUERY_STALE_TIME,
      gcTime: QUERY_GC_TIME_MS,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
