import type { MedicalReport } from '../../../common/api-types';
import type { MedicalReportUpdateInput } from '../../../common/schemas/medical-report';
import { useUpdateReport } from '../../api/records';
import { reportFormValues } from '../../components/records/report-form';
import { ReportForm } from '../../components/records/ReportForm';
import { showToast } from '../../components/toast';
import { Dialog } from '../../components/ui';

/** Corrects a saved report: the same fields as the review after a scan. */
export function EditReportDialog({ report, open, onClose }: { report: MedicalReport; open: boolean; onClose: () => void }) {
  const update = useUpdateReport();

  const save = async (change: MedicalReportUpdateInput) => {
    await update.mutateAsync({ report, change });
    showToast('Report saved', undefined, 'success');
    onClose();
  };

  return (
    <Dialog open={open} title="Edit Report" onClose={onClose}>
      <ReportForm
        key={report.id}
        mode="update"
        initialValues={reportFormValues(report)}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        failureMessage="Failed to save the report"
        onSubmit={save}
        onCancel={onClose}
      />
    </Dialog>
  );
}
