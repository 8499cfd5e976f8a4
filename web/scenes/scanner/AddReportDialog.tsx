import { useNavigate } from '@tanstack/react-router';
import type { MedicalReportCreateInput } from '../../../common/schemas/medical-report';
import { useCreateReport } from '../../api/records';
import { reportFormValues } from '../../components/records/report-form';
import { ReportForm } from '../../components/records/ReportForm';
import { showToast } from '../../components/toast';
import { Dialog } from '../../components/ui';

/** A report typed in by hand, for a document the patient has no photo or file of. */
export function AddReportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateReport();
  const navigate = useNavigate();

  const add = async (body: MedicalReportCreateInput) => {
    const report = await create.mutateAsync(body);
    showToast('Report added', `${report.title} is in your records.`, 'success');
    onClose();
    await navigate({ to: '/reports/$id', params: { id: report.id } });
  };

  return (
    <Dialog open={open} title="Add Report" description="Type in a report you have no photo or file of." onClose={onClose}>
      <ReportForm
        mode="create"
        initialValues={reportFormValues(null)}
        submitLabel="Add Report"
        pendingLabel="Adding..."
        failureMessage="Failed to add the report"
        onSubmit={add}
        onCancel={onClose}
      />
    </Dialog>
  );
}
