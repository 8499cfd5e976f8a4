import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ConsultationStatus } from '../../../common/constants';
import type { Consultation } from '../../../common/api-types';
import { myConsultationQuery, myConsultationsQuery } from '../../api/consultations';
import { doctorConsultationQuery } from '../../api/doctor';

/**
 * What the call learns of its consultation's status goes into the copies of it the app keeps from before
 * the call (the device check read one), which are then read again: the page the call ends on (the doctor's
 * consultation, the patient's Telemedicine) never shows the status the call opened with. Copies that already
 * agree are left alone, so joining sets off no reads.
 */
export function useStatusIntoCache(consultationId: string, status: ConsultationStatus | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!status) return;
    const update = <T,>(queryKey: QueryKey, outdated: (kept: T) => boolean, patched: (kept: T) => T) => {
      const kept = queryClient.getQueryData<T>(queryKey);
      if (kept === undefined || !outdated(kept)) return;
      queryClient.setQueryData<T>(queryKey, patched(kept));
      void queryClient.invalidateQueries({ queryKey, exact: true });
    };
    for (const { queryKey } of [doctorConsultationQuery(consultationId), myConsultationQuery(consultationId)]) {
      update<Consultation>(queryKey, (kept) => kept.status !== status, (kept) => ({ ...kept, status }));
    }
    update<Consultation[]>(
      myConsultationsQuery.queryKey,
      (list) => list.some((kept) => kept.id === consultationId && kept.status !== status),
      (list) => list.map((kept) => (kept.id === consultationId ? { ...kept, status } : kept)),
    );
  }, [queryClient, consultationId, status]);
}
