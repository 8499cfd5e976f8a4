import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  AppNotification,
  Appointment,
  DashboardSummary,
  MedicalReport,
  MedicalSummary,
  Medication,
  MedicationList,
  OwnReport,
  PlanAbilities,
  ReportListAbilities,
} from '../../common/api-types';
import type { MedicalSummaryType } from '../../common/constants';
import type { AppointmentPayload } from '../../common/schemas/appointment';
import type { MedicalReportCreateInput, MedicalReportUpdateInput } from '../../common/schemas/medical-report';
import type { MedicationInput, MedicationUpdateInput } from '../../common/schemas/medication';
import { doctorLabel } from '../../common/names';
import { zoneFingerprint } from '../../common/time-zone-fingerprint';
import { apiRequest, fetchAttachment, isStaleWrite } from './client';
import { meQuery } from './session';
import { sendOrQueue } from '../offline/send-or-queue';

/** The browser's time zone, so the server writes dates as the patient reads them. Starts Intl's date machinery. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** This browser's zone as offsets (common/time-zone-fingerprint.ts), read with Date alone. */
export const browserZoneFingerprint = () => zoneFingerprint((instant) => -instant.getTimezoneOffset(), new Date().getFullYear());

export const reportsQuery = queryOptions<OwnReport[]>({ queryKey: ['/api/medical-reports'] });
/** Under the reports list's key, so every change that refreshes the list refreshes this too. */
export const reportListAbilitiesQuery = queryOptions<ReportListAbilities>({ queryKey: ['/api/medical-reports', 'abilities'] });
export const medicationsQuery = queryOptions<MedicationList>({ queryKey: ['/api/medications'] });
export const notificationsQuery = queryOptions<AppNotification[]>({ queryKey: ['/api/notifications'] });
export const appointmentsQuery = queryOptions<Appointment[]>({ queryKey: ['/api/appointments'] });
/** Dated in the zone the account keeps, which useTimeZoneSync keeps equal to this browser's. */
export const dashboardSummaryQuery = queryOptions<DashboardSummary>({ queryKey: ['/api/dashboard-summary'] });

const reportQuery = (id: string) => queryOptions<OwnReport>({ queryKey: ['/api/medical-reports', id] });

/** A list as its screens need it: `failed` when nothing could be loaded (no answer and nothing kept on this device). */
export interface ListState<T> {
  items: T[];
  isPending: boolean;
  failed: boolean;
  retry: () => void;
}

/**
 * Spec section 7 has the lists answer empty on failure; the screens then said 'No medical reports yet' to a
 * patient who has reports (issue 39). A failure with nothing to show is told apart, so the screen can say so.
 */
const listOf = <T>(query: { data?: T[]; isPending: boolean; isError: boolean; refetch: () => unknown }): ListState<T> => ({
  items: query.data ?? [],
  isPending: query.isPending,
  failed: query.isError && query.data === undefined,
  retry: () => void query.refetch(),
});

/** A figure about a list once the list is known: null while it loads or when nothing could be loaded, so a tile shows no number rather than 0. */
export const figureOf = <T, R>(list: ListState<T>, figure: (items: T[]) => R): R | null => (list.isPending || list.failed ? null : figure(list.items));

export const useReports = () => listOf(useQuery(reportsQuery));
/** What the patient may do with their reports as a whole, in the server's word; undefined until it has answered. */
export const useReportListAbilities = (): ReportListAbilities | undefined => useQuery(reportListAbilitiesQuery).data;
export const useNotifications = () => listOf(useQuery(notificationsQuery));
export const useAppointments = () => listOf(useQuery(appointmentsQuery));
export const useMedications = () => listOf(useQuery({ ...medicationsQuery, select: (data) => data.medications }));

/** One report: shown at once from the list when it is cached, then read on its own (an audited read). */
export function useReport(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...reportQuery(id),
    placeholderData: () => queryClient.getQueryData(reportsQuery.queryKey)?.find((r) => r.id === id),
  });
}

/**
 * A mutation that refreshes the given lists and the dashboard summary once it succeeds, and the lists
 * also when the change was refused because the record changed elsewhere (the newer version shows).
 */
function useRefreshing<V, R>(send: (variables: V) => Promise<R>, ...keys: QueryKey[]) {
  const queryClient = useQueryClient();
  const refresh = (all: QueryKey[]) => Promise.all(all.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: send,
    onSuccess: () => refresh([...keys, dashboardSummaryQuery.queryKey]),
    onError: (error) => (isStaleWrite(error) ? refresh(keys) : undefined),
  });
}

// ---------------------------------------------------------------------------
// Medications
// ---------------------------------------------------------------------------

/** Made offline, these wait on the device and are sent when the server can be reached (sendOrQueue). */
export const useAddMedication = () =>
  useRefreshing(
    (body: MedicationInput) => sendOrQueue<Medication>({ path: '/api/medications', method: 'POST', body, label: `Add medication ${body.name}` }),
    medicationsQuery.queryKey,
  );

export const useUpdateMedication = () =>
  useRefreshing(
    ({ medication, change }: { medication: Medication; change: MedicationUpdateInput }) =>
      sendOrQueue<Medication>({
        path: `/api/medications/${medication.id}`,
        method: 'PATCH',
        body: change,
        ifMatch: medication.version,
        label: `Edit medication ${medication.name}`,
      }),
    medicationsQuery.queryKey,
  );

export const useDeleteMedication = () =>
  useRefreshing((id: string) => apiRequest<void>(`/api/medications/${id}`, { method: 'DELETE' }), medicationsQuery.queryKey);

// ---------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------

export const useMarkNotificationRead = () =>
  useRefreshing((id: string) => apiRequest<AppNotification>(`/api/notifications/${id}/read`, { method: 'PATCH', body: {} }), notificationsQuery.queryKey);

export const useMarkAllNotificationsRead = () =>
  useRefreshing(() => apiRequest<{ updated: number }>('/api/notifications/read-all', { method: 'PATCH', body: {} }), notificationsQuery.queryKey);

// ---------------------------------------------------------------------------
// Appointments
// ---------------------------------------------------------------------------

export const useBookAppointment = () =>
  useRefreshing((body: AppointmentPayload) => apiRequest<Appointment>('/api/appointments', { method: 'POST', body }), appointmentsQuery.queryKey);

export const useRescheduleAppointment = () =>
  useRefreshing(
    ({ appointment, appointmentDate }: { appointment: Appointment; appointmentDate: string }) =>
      apiRequest<Appointment>(`/api/appointments/${appointment.id}`, { method: 'PATCH', body: { appointmentDate }, ifMatch: appointment.version }),
    appointmentsQuery.queryKey,
  );

/** Sends the opposite of the current flag (spec section 4). */
export const useToggleReminder = () =>
  useRefreshing(
    (appointment: Appointment) =>
      sendOrQueue<Appointment>({
        path: `/api/appointments/${appointment.id}/reminder`,
        method: 'PATCH',
        body: { reminderEnabled: !appointment.reminderEnabled },
        label: `${appointment.reminderEnabled ? 'Turn off' : 'Set'} the reminder for ${doctorLabel(appointment.doctorName)}`,
      }),
    appointmentsQuery.queryKey,
  );

/** Cancel is a DELETE; the appointment stays listed as cancelled. */
export const useCancelAppointment = () =>
  useRefreshing((id: string) => apiRequest<void>(`/api/appointments/${id}`, { method: 'DELETE' }), appointmentsQuery.queryKey);

// ---------------------------------------------------------------------------
// Reports: added by hand, corrected after a document was read
// ---------------------------------------------------------------------------

export const useCreateReport = () =>
  useRefreshing((body: MedicalReportCreateInput) => apiRequest<OwnReport>('/api/medical-reports', { method: 'POST', body }), reportsQuery.queryKey);

/** Refreshes the list and the report's own query (both keys start with the list's). */
export const useUpdateReport = () =>
  useRefreshing(
    ({ report, change }: { report: MedicalReport; change: MedicalReportUpdateInput }) =>
      apiRequest<OwnReport>(`/api/medical-reports/${report.id}`, { method: 'PATCH', body: change, ifMatch: report.version }),
    reportsQuery.queryKey,
  );

/** GET /api/medical-reports/export (Premium; 402 otherwise): the records as a PDF, dated in the browser's zone. */
export const fetchRecordsPdf = () => fetchAttachment(`/api/medical-reports/export?timeZone=${encodeURIComponent(browserTimeZone())}`, 'medivault-records.pdf');

// ---------------------------------------------------------------------------
// Summaries
// ---------------------------------------------------------------------------

export const useGenerateSummary = () =>
  useMutation({
    mutationFn: (type: MedicalSummaryType) =>
      apiRequest<MedicalSummary>('/api/medical-summary', { method: 'POST', body: { type, timeZone: browserTimeZone() } }),
  });

/** What the signed-in user's plan gives, in the server's own word (the account's `abilities`); undefined until known. */
export function usePlanAbilities(): PlanAbilities | undefined {
  return useQuery(meQuery).data?.abilities;
}

/** Whether the signed-in user is on Premium, in the server's own word (GET /api/auth/me isPremium). */
export function useIsPremium(): boolean {
  const me = useQuery(meQuery);
  return me.data?.isPremium === true;
}
