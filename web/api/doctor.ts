import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoctorConsultation, PatientRecords, RecordAccess } from '../../common/api-types';
import type { BreakGlassInput } from '../../common/schemas/break-glass';
import type { ConsultationStatusInput } from '../../common/schemas/consultation';
import { apiRequest } from './client';

/** The signed-in doctor's consultations, newest appointment first. */
export const doctorConsultationsQuery = queryOptions<DoctorConsultation[]>({
  queryKey: ['/api/doctor/consultations'],
});

/** The first segment of every doctorConsultationQuery key (all of them at once). */
export const DOCTOR_CONSULTATION_KEY = '/api/doctor/consultation';

export const doctorConsultationQuery = (id: string) =>
  queryOptions<DoctorConsultation>({
    queryKey: [DOCTOR_CONSULTATION_KEY, id],
  });

export const patientRecordsQuery = (patientId: string) =>
  queryOptions<PatientRecords>({
    queryKey: ['/api/doctor/patient', patientId, 'records'],
  });

/**
 * Whether the doctor may read the patient's records now (inside the access window, by break-glass, or not).
 * Asked afresh each time the records tabs open: unlike the spec's data, it changes by itself as time passes.
 */
export const recordAccessQuery = (patientId: string) =>
  queryOptions<RecordAccess>({
    queryKey: ['/api/doctor/patients', patientId, 'record-access'],
    staleTime: 0,
  });

/** POST /api/doctor/patients/{patientId}/break-glass: opens the records for a short time, with the reason given. */
export function useBreakGlass(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BreakGlassInput) => apiRequest<RecordAccess>(`/api/doctor/patients/${patientId}/break-glass`, { method: 'POST', body: input }),
    onSuccess: (access) => queryClient.setQueryData(recordAccessQuery(patientId).queryKey, access),
  });
}

/** PUT /api/doctor/consultation/{id}/status; the answer replaces the cached consultation. */
export function useUpdateConsultationStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ConsultationStatusInput) =>
      apiRequest<DoctorConsultation>(`/api/doctor/consultation/${id}/status`, { method: 'PUT', body: change }),
    onSuccess: (updated) => {
      queryClient.setQueryData(doctorConsultationQuery(id).queryKey, updated);
      return queryClient.invalidateQueries({ queryKey: doctorConsultationsQuery.queryKey });
    },
  });
}
