import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Consultation, DoctorListing } from '../../common/api-types';
import type { ConsultationInsertInput } from '../../common/schemas/consultation';
import { apiRequest, newAttemptKey } from './client';

/** A doctor as GET /api/doctors lists it (verified doctors only). */
export type ListedDoctor = DoctorListing;

export const doctorsQuery = queryOptions<ListedDoctor[]>({
  queryKey: ['/api/doctors'],
});

export const myConsultationsQuery = queryOptions<Consultation[]>({
  queryKey: ['/api/consultations'],
});

export const myConsultationQuery = (id: string) =>
  queryOptions<Consultation>({
    queryKey: ['/api/consultations', id],
  });

function useRefreshingMutation<V>(send: (variables: V) => Promise<Consultation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Settled, not only succeeded: a refused change (a cancellation whose refund changed) shows the consultation as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: myConsultationsQuery.queryKey }),
  });
}

export function useBookConsultation() {
  return useRefreshingMutation((payload: ConsultationInsertInput) =>
    apiRequest<Consultation>('/api/consultations', { method: 'POST', body: payload, idempotencyKey: newAttemptKey() }),
  );
}

export function useCancelConsultation() {
  return useRefreshingMutation(({ id, refundAmount }: { id: string; refundAmount?: number }) =>
    apiRequest<Consultation>(`/api/consultations/${id}/cancel`, { method: 'POST', body: refundAmount === undefined ? {} : { refundAmount } }),
  );
}

export function useRescheduleConsultation() {
  return useRefreshingMutation(({ id, appointmentDate }: { id: string; appointmentDate: string }) =>
    apiRequest<Consultation>(`/api/consultations/${id}`, { method: 'PATCH', body: { appointmentDate } }),
  );
}
