import styled from 'styled-components';
import type { MedicalReport } from '../../../common/api-types';
import { useUpdateReport } from '../../api/records';
import { messageOf } from '../../api/auth';
import { RECORD_ICONS } from '../../components/records/icons';
import { showToast } from '../../components/toast';
import { keepReportDocument } from '../../offline/use-vault-sync';
import { Button, Icon } from '../../components/ui';

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  flex-wrap: wrap;
`;

const State = styled.p<{ $on: boolean }>`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 0;
  font-size: 0.9rem;
  color: ${({ $on, theme }) => ($on ? theme.colors.success : theme.colors.textMuted)};
`;

/** What 'Keep offline' kept, by what became of the report's document. */
const KEPT_WORDS = {
  kept: 'This report and its document are kept on this device, encrypted.',
  none: 'This report is kept on this device, encrypted.',
  failed: 'This report is kept on this device, encrypted. Its document could not be fetched now; it is kept at the next sync.',
} as const;

/**
 * 'Available offline' or not, and the switch between them: a report marked offline keeps its document on
 * the device too (sealed), and counts in 'Offline Ready'. Unmarked, the report's text is still kept with the
 * list (docs/architecture.md 'What is kept on the device'): only its document stays online, so that is what it says.
 */
export function OfflineAvailability({ report }: { report: MedicalReport }) {
  const update = useUpdateReport();
  const on = report.isOfflineAvailable;
  const toggle = () =>
    update.mutate(
      { report, change: { isOfflineAvailable: !on } },
      {
        onSuccess: async () => {
          const document = await keepReportDocument(report, !on).catch(() => 'failed' as const);
          if (on) return showToast('Removed from offline', report.documentUrl ? 'Its document is no longer kept on this device.' : 'It no longer counts as Offline Ready.', 'success');
          showToast('Kept for offline use', KEPT_WORDS[document], 'success');
        },
        onError: (error) => showToast('Error', messageOf(error, 'Failed to update offline availability. Please try again.'), 'destructive'),
      },
    );
  return (
    <Row>
      <State $on={on}>
        <Icon path={RECORD_ICONS.offline} size={18} />
        {on ? 'Available offline' : report.documentUrl ? 'Document online only' : 'Not marked for offline'}
      </State>
      <Button $variant="ghost" $size="sm" onClick={toggle} disabled={update.isPending} aria-pressed={on} data-testid="offline-toggle">
        {on ? 'Remove from offline' : 'Keep offline'}
      </Button>
    </Row>
  );
}
