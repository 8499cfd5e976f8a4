import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MedicalReport } from '../../common/api-types';
import { forgetReport } from '../offline/vault';
import { apiRequest } from './client';
import { recentDocumentsQuery } from './documents';
import { dashboardSummaryQuery, reportListAbilitiesQuery, reportsQuery } from './records';

/**
 * Deletes a report for good (DELETE /api/medical-reports/{id}): this tab's lists and the device's vault
 * forget it at once, then the list, the summary, the recent scans and the plan's room are read again, inactive
 * ones too, so that what the vault keeps of them is current.
 */
export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: MedicalReport) => apiRequest<void>(`/api/medical-reports/${report.id}`, { method: 'DELETE' }),
    onSuccess: async (_, report) => {
      queryClient.setQueryData(reportsQuery.queryKey, (reports) => reports?.filter((r) => r.id !== report.id));
      queryClient.removeQueries({ queryKey: [...reportsQuery.queryKey, report.id], exact: true });
      await forgetReport(report, String(reportsQuery.queryKey[0])).catch((error) => console.warn('Could not remove the report from this device', error));
      await Promise.all(
        [reportsQuery, reportListAbilitiesQuery, dashboardSummaryQuery, recentDocumentsQuery].map(({ queryKey }) => queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'all' })),
      );
    },
  });
}
