import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicDoctor } from '../../common/api-types';
import type { AdminDoctorCreatePayload, AdminDoctorUpdatePayload } from '../../common/schemas/doctor';
import { apiRequest, isStaleWrite } from './client';
import { doctorsQuery } from './consultations';

export const adminDoctorsQuery = queryOptions<PublicDoctor[]>({
  queryKey: ['/api/admin/doctors'],
});

function useRosterMutation<V>(send: (variables: V) => Promise<PublicDoctor>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // The public list shows verified doctors with their fees: it changes with the roster.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminDoctorsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: doctorsQuery.queryKey }),
      ]),
    // Changed elsewhere meanwhile: the roster shows the newer version.
    onError: (error) => (isStaleWrite(error) ? queryClient.invalidateQueries({ queryKey: adminDoctorsQuery.queryKey }) : undefined),
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

export function useSetVerification() {
  return useRosterMutation(({ id, isVerified }: { id: string; isVerified: boolean }) =>
    apiRequest<PublicDoctor>(`/api/admin/doctors/${id}/verification`, { method: 'PATCH', body: { isVerified } }),
  );
}
