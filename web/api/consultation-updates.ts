import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ConsultationRef } from '../../common/socket-events';
import { myConsultationsQuery } from './consultations';
import { DOCTOR_CONSULTATION_KEY, doctorConsultationQuery, doctorConsultationsQuery, doctorPatientCountQuery } from './doctor';
import { useRealtime } from './realtime';

/** What a consultation's change makes stale on either side (a booking may bring the doctor a new patient); without an id, every doctor's page of one. */
function staleKeys(consultationId?: string): QueryKey[] {
  const detail = consultationId ? doctorConsultationQuery(consultationId).queryKey : [DOCTOR_CONSULTATION_KEY];
  return [myConsultationsQuery.queryKey, doctorConsultationsQuery.queryKey, doctorPatientCountQuery.queryKey, detail];
}

/**
 * Keeps the consultations on screen current without a reload: a 'consultation:status' push (a booking,
 * reschedule, start, completion or cancel by either side), its fee moving ('consultation:payment': paid,
 * or a refund made after the cancel's push) or the clinic withdrawing or reinstating its doctor refetches
 * what shows that consultation, and every (re)connect refetches them all, since pushes sent while the
 * connection was down are lost.
 */
export function useConsultationUpdates(): void {
  const queryClient = useQueryClient();
  useRealtime(
    (socket) => {
      const refresh = (consultationId?: string) => {
        for (const queryKey of staleKeys(consultationId)) void queryClient.invalidateQueries({ queryKey });
      };
      const onChange = ({ consultationId }: ConsultationRef) => refresh(consultationId);
      const onConnect = () => refresh();
      socket.on('consultation:status', onChange);
      socket.on('consultation:payment', onChange);
      socket.on('consultation:doctorWithdrawn', onChange);
      socket.on('consultation:doctorReinstated', onChange);
      socket.on('connect', onConnect);
      return () => {
        socket.off('consultation:status', onChange);
        socket.off('consultation:payment', onChange);
        socket.off('consultation:doctorWithdrawn', onChange);
        socket.off('consultation:doctorReinstated', onChange);
        socket.off('connect', onConnect);
      };
    },
    [queryClient],
  );
}
