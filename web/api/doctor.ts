import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoctorConsultation, PatientRecords, RecordAccess } from '../../common/api-types';
import type { BreakGlassInput } from '../../common/schemas/break-glass';
import type { ConsultationStatusInput } from '../../common/schemas/consultation';
import { apiPage, apiRequest, withQuery, type ListPage } from './client';
import type { ConsultationStatus } from '../../common/constants';
import type { DoctorConsultationPeriod } from '../../common/schemas/doctor-consultations';

/** The signed-in doctor's consultations, newest appointment first. */
export const doctorConsultationsQuery = queryOptions<DoctorConsultation[]>({
  queryKey: ['/api/doctor/consultations'],
});

/** What one of the dashboard's lists asks GET /api/doctor/consultations for. */
interface DoctorConsultationFilters {
  when?: DoctorConsultationPeriod;
  patient?: string;
  status?: ConsultationStatus;
  from?: string;
  to?: string;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

/** One page of the doctor's consultations that match; under doctorConsultationsQuery's key, so every change that refreshes the list refreshes it. */
export const doctorConsultationPageQuery = (filters: DoctorConsultationFilters) =>
  queryOptions<ListPage<DoctorConsultation>>({
    queryKey: [...doctorConsultationsQuery.queryKey, filters],
    queryFn: () => apiPage<DoctorConsultation>(withQuery('/api/doctor/consultations', { ...filters })),
    placeholderData: keepPreviousData,
  });

/** How many different patients the doctor has consultations with. */
export const doctorPatientCountQuery = queryOptions<{ totalPatients: number }>({
  queryKey: ['/api/doctor/patient-count'],
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
