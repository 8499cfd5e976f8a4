import { useMutation } from '@tanstack/react-query';
import { fetchRecordsPdf, useReportListAbilities } from '../../api/records';
import { usePremiumRequiredToast } from '../../components/premium-required';
import { saveFile } from '../../components/records/documents';
import { RECORD_ICONS } from '../../components/records/icons';
import { showToast } from '../../components/toast';
import { Button, Icon, LinkButton } from '../../components/ui';

/**
 * Export PDF where the server says the records download as a PDF (Premium, spec: Export PDF); Premium Export to
 * /premium where it says they do not; nothing until it has said.
 */
export function ExportButton() {
  const abilities = useReportListAbilities();
  const premiumRequired = usePremiumRequiredToast();
  const exportPdf = useMutation({
    mutationFn: fetchRecordsPdf,
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: (error) => premiumRequired(error) || showToast('Export failed', 'Your PDF could not be made. Please try again.', 'destructive'),
  });
  if (!abilities) return null;
  if (abilities.canExportPdf) {
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
