import { useMutation } from '@tanstack/react-query';
import { fetchRecordsPdf } from '../../api/records';
import { usePremiumRequiredToast } from '../../components/premium-required';
import { saveFile } from '../../components/records/documents';
import { RECORD_ICONS } from '../../components/records/icons';
import { showToast } from '../../components/toast';
import { Button, Icon, LinkButton } from '../../components/ui';

/** Premium users download their records as a PDF (spec: Export PDF); others are offered Premium Export to /premium. */
export function ExportButton({ premium }: { premium: boolean }) {
  const premiumRequired = usePremiumRequiredToast();
  const exportPdf = useMutation({
    mutationFn: fetchRecordsPdf,
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: (error) => premiumRequired(error) || showToast('Export failed', 'Your PDF could not be made. Please try again.', 'destructive'),
  });
  if (premium) {
    const start = () => {
      showToast('Your PDF export is being generated...');
      exportPdf.mutate();
    };
    return (
      <Button $variant="secondary" $size="sm" onClick={start} disabled={exportPdf.isPending}>
        <Icon path={RECORD_ICONS.download} size={16} />
        Export PDF
      </Button>
    );
  }
  return (
    <LinkButton to="/premium" $variant="secondary" $size="sm">
      <Icon path={RECORD_ICONS.crown} size={16} />
      Premium Export
    </LinkButton>
  );
}
