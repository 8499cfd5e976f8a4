import { QueryClient } from '@tanstack/react-query';
import { getByKey } from './client';
import { readThrough } from '../offline/read-through';

/**
 * Spec section 9: data never goes stale on its own, gc after 5 minutes, no retries, no refetch on focus.
 * Offline, the patient's records come from the device vault (readThrough).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: ({ queryKey }) => readThrough(queryKey, () => getByKey(queryKey)),
      staleTime: Infinity,
      gcTime: 5 * 60_000,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: { retry: false },
  },
});
