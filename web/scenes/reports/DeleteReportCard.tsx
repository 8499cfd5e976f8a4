import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import styled from 'styled-components';
import type { MedicalReport } from '../../../common/api-types';
import { useDeleteReport } from '../../api/report-deletion';
import { ConfirmDialog } from '../../components/records/ConfirmDialog';
import { RECORD_ICONS } from '../../components/records/icons';
import { showToast } from '../../components/toast';
import { Button, Card, Icon } from '../../components/ui';

const Section = styled(Card)`
  h2 { margin: 0 0 6px; font-size: 1.05rem; }
  p { margin: 0 0 12px; color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.9rem; }
`;

/** Deleting the report for good, asked once more; then back to the list. */
export function DeleteReportCard({ report }: { report: MedicalReport }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteReport();
  const navigate = useNavigate();

  const confirm = async () => {
    try {
      await remove.mutateAsync(report);
    } catch (error) {
      showToast('Error', 'Failed to delete the report. Please try again.', 'destructive');
      throw error;
    }
    showToast('Report deleted', `${report.title} has been deleted from your records.`, 'success');
    await navigate({ to: '/reports', replace: true });
  };

  return (
    <Section aria-label="Delete report">
      <h2>Delete Report</h2>
      <p>Remove this report{report.documentUrl ? ' and its original document' : ''} from your records.</p>
      <Button $variant="danger" $block onClick={() => setAsking(true)}>
        <Icon path={RECORD_ICONS.trash} size={18} />
        Delete Report
      </Button>
      <ConfirmDialog
        open={asking}
        title="Delete this report?"
        description={`${report.title}${report.documentUrl ? ' and its original document' : ''} will be deleted from your records, your exports and this device. This cannot be undone.`}
        keepLabel="Keep Report"
        confirmLabel="Delete Report"
        pendingLabel="Deleting..."
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    </Section>
  );
}
