import { QueryClient } from '@tanstack/react-query';
import { getByKey } from './client';

/** Spec section 9: data never goes stale on its own, gc after 5 minutes, no retries, no refetch on focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: ({ queryKey }) => getByKey(queryKey),
      staleTime: Infinity,
      gcTime: 5 * 60_000,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: { retry: false },
  },
});
