import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AccessHistoryPage } from '../../common/api-types';
import { apiRequest } from './client';

/** GET /api/access-history, a page at a time ('Load more' follows nextCursor). */
export const accessHistoryQuery = infiniteQueryOptions({
  queryKey: ['/api/access-history'],
  initialPageParam: null as string | null,
  queryFn: ({ pageParam }) => apiRequest<AccessHistoryPage>(`/api/access-history${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`),
  getNextPageParam: (last) => last.nextCursor,
});
