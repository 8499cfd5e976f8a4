import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedStatus } from '../../common/api-types';
import { apiRequest } from './client';
import { browserTimeZone } from './records';

export const calendarFeedQuery = queryOptions<CalendarFeedStatus>({ queryKey: ['/api/calendar/feed'] });

/** The .ics of one appointment or consultation, its times written in this browser's time zone. */
export function calendarFileUrl(kind: 'appointments' | 'consultations', id: string): string {
  return `/api/${kind}/${id}/calendar.ics?timeZone=${encodeURIComponent(browserTimeZone())}`;
}

/** Turns the feed on, or replaces its address: the answer is the only one that holds the new address. */
export function useIssueCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeedStatus>('/api/calendar/feed', { method: 'POST', body: { timeZone: browserTimeZone() } }),
    onSuccess: (status) => queryClient.setQueryData(calendarFeedQuery.queryKey, status),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/calendar/feed', { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData<CalendarFeedStatus>(calendarFeedQuery.queryKey, { enabled: false, url: null, timeZone: null, createdAt: null }),
  });
}
