import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Consultation } from '../../common/api-types';
import { canJoinConsultation } from '../../common/consultation-status';
import type { PatientWaitingEvent, WaitingPatient } from '../../common/socket-events';
import { showToast } from '../components/toast';
import { realtimeRequest, useRealtime } from './realtime';

/** The signed-in doctor's consultations with a patient in the call right now, asked over the realtime connection. */
const waitingPatientsQuery = queryOptions<WaitingPatient[]>({
  queryKey: ['realtime', 'waitingPatients'],
  queryFn: async () => (await realtimeRequest('consultation:waitingPatients', {})).patients,
});

/** The patient waiting in a consultation's call now, and since when; never once the consultation is over, whichever news came last. */
export function useWaitingPatient(): (consultation: Pick<Consultation, 'id' | 'status'>) => WaitingPatient | undefined {
  const { data } = useQuery(waitingPatientsQuery);
  return useCallback((c) => (canJoinConsultation(c.status) ? data?.find((p) => p.consultationId === c.id) : undefined), [data]);
}

/** Whether a consultation's patient waits in the call now (see useWaitingPatient). */
export function useIsPatientWaiting(): (consultation: Pick<Consultation, 'id' | 'status'>) => boolean {
  const waitingPatient = useWaitingPatient();
  return useCallback((c) => waitingPatient(c) !== undefined, [waitingPatient]);
}

/**
 * On the doctor's screens: keeps who is waiting current from the server's pushes (asking again after
 * every reconnect) and toasts 'Patient is waiting' when a patient starts waiting.
 */
export function useWaitingPatientAlerts(): void {
  const queryClient = useQueryClient();
  useRealtime(
    (socket) => {
      const { queryKey } = waitingPatientsQuery;
      const onWaiting = (event: PatientWaitingEvent) => {
        const before = queryClient.getQueryData(queryKey) ?? [];
        const others = before.filter((p) => p.consultationId !== event.consultationId);
        queryClient.setQueryData(queryKey, event.waiting ? [...others, { consultationId: event.consultationId, patientName: event.patientName, waitingSince: event.waitingSince }] : others);
        if (event.waiting && others.length === before.length) {
          showToast('Patient is waiting', `${event.patientName} has joined the consultation and is waiting for you.`);
        }
      };
      const onConnect = () => void queryClient.invalidateQueries({ queryKey });
      socket.on('consultation:patientWaiting', onWaiting);
      socket.on('connect', onConnect);
      return () => {
        socket.off('consultation:patientWaiting', onWaiting);
        socket.off('connect', onConnect);
      };
    },
    [queryClient],
  );
}
