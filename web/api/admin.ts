import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BreakGlassEntry, PublicDoctor } from '../../common/api-types';
import type { AdminDoctorCreatePayload, AdminDoctorUpdatePayload } from '../../common/schemas/doctor';
import { apiPage, apiRequest, isStaleWrite, withQuery, type ListPage } from './client';
import { doctorsQuery } from './consultations';

/** The first segment of every roster query's key: the roster's changes refetch them all. */
const ADMIN_ROSTER_KEY = ['/api/admin/doctors'] as const;

interface RosterFilters {
  /** Text in a doctor's name, email, specialty or licence number. */
  q?: string;
  limit: number;
  offset: number;
}

/** One page of the roster, newest first, searched on the server; the page shown stays while the next loads. */
export const adminRosterPageQuery = (filters: RosterFilters) =>
  queryOptions<ListPage<PublicDoctor>>({
    queryKey: [...ADMIN_ROSTER_KEY, filters],
    queryFn: () => apiPage<PublicDoctor>(withQuery('/api/admin/doctors', { ...filters })),
    placeholderData: keepPreviousData,
  });

function useRosterMutation<V>(send: (variables: V) => Promise<PublicDoctor>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // The public list shows verified doctors with their fees: it changes with the roster.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_ROSTER_KEY }),
        queryClient.invalidateQueries({ queryKey: doctorsQuery.queryKey }),
      ]),
    // Changed elsewhere meanwhile: the roster shows the newer version.
    onError: (error) => (isStaleWrite(error) ? queryClient.invalidateQueries({ queryKey: ADMIN_ROSTER_KEY }) : undefined),
  });
}

export function useCreateDoctor() {
  return useRosterMutation((payload: AdminDoctorCreatePayload) =>
    apiRequest<PublicDoctor>('/api/admin/doctors', { method: 'POST', body: payload }),
  );
}

export function useUpdateDoctor() {
  return useRosterMutation(({ doctor, changes }: { doctor: PublicDoctor; changes: AdminDoctorUpdatePayload }) =>
    apiRequest<PublicDoctor>(`/api/admin/doctors/${doctor.id}`, { method: 'PATCH', body: changes, ifMatch: doctor.version }),
  );
}

/** One roster control: verification, availability (bookable or not) or activation (may sign in at all). */
export type RosterChange = { isVerified: boolean } | { isAvailable: boolean } | { isActive: boolean };

/** Unverifying or deactivating a doctor also ends their sessions (the server does it); availability only hides them from booking. */
function sendRosterChange(doctor: PublicDoctor, change: RosterChange): Promise<PublicDoctor> {
  if ('isVerified' in change) return apiRequest(`/api/admin/doctors/${doctor.id}/verification`, { method: 'PATCH', body: change });
  if ('isActive' in change) return apiRequest(`/api/admin/doctors/${doctor.id}/activation`, { method: 'PATCH', body: change });
  return apiRequest(`/api/admin/doctors/${doctor.id}`, { method: 'PATCH', body: change, ifMatch: doctor.version });
}

export function useRosterControl() {
  return useRosterMutation(({ doctor, change }: { doctor: PublicDoctor; change: RosterChange }) => sendRosterChange(doctor, change));
}

/** Doctors' break-glass accesses, newest first, for the admin to review: asked afresh each time the page opens (doctors add them). */
export const adminBreakGlassQuery = queryOptions<BreakGlassEntry[]>({
  queryKey: ['/api/admin/break-glass'],
  staleTime: 0,
});
