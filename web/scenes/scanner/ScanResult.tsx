import { useNavigate } from '@tanstack/react-router';
import styled from 'styled-components';
import type { DocumentProcessingResult } from '../../../common/api-types';
import type { MedicalReportUpdateInput } from '../../../common/schemas/medical-report';
import { useUpdateReport } from '../../api/records';
import { useDeleteReport } from '../../api/report-deletion';
import { Columns } from '../../components/records/Layout';
import { reportFormValues } from '../../components/records/report-form';
import { ReportForm } from '../../components/records/ReportForm';
import { SectionCard } from '../../components/records/SectionCard';
import { SourceNote } from '../../components/records/SourceNote';
import { showToast } from '../../components/toast';
import { RECORD_ICONS } from '../../components/records/icons';
import { Button, Icon, Stack } from '../../components/ui';
import { readFields } from './document-results';

const Fields = styled.dl`
  margin: 0;
  display: grid;
  gap: 12px;
  dt { font-size: 0.78rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em; color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 2px 0 0; }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.92rem;
`;

const Discard = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 12px;
  margin: 12px 0 16px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  p { margin: 0; font-size: 0.9rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Medications = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li { padding: 8px 0; }
  li + li { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  strong { text-transform: capitalize; }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.9rem; }
`;

const ExtractedText = styled.pre`
  margin: 0;
  max-height: 320px;
  overflow: auto;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-size: 0.85rem;
  line-height: 1.5;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 12px;
`;

/**
 * The result (spec: results view with Process Another): what was read, each value beside the line it
 * came from, for the patient to correct before the report, already saved, is saved again; or to discard
 * the scan, which deletes that report and its original.
 */
export function ScanResult({ result, onAgain }: { result: DocumentProcessingResult; onAgain: () => void }) {
  const update = useUpdateReport();
  const discard = useDeleteReport();
  const navigate = useNavigate();
  const fields = readFields(result);
  const medications = result.aiAnalysis.medicationsFound;
  // A date not read for certain is asked for: the field starts empty and Save waits for an answer.
  const initialValues = { ...reportFormValues(result.report), ...(result.reportDateQuestion ? { reportDate: '' } : {}) };

  const save = async (change: MedicalReportUpdateInput) => {
    const report = await update.mutateAsync({ report: result.report, change });
    showToast('Report saved', `${report.title} is in your records.`, 'success');
    await navigate({ to: '/reports/$id', params: { id: report.id } });
  };

  const throwAway = async () => {
    try {
      await discard.mutateAsync(result.report);
    } catch {
      showToast('Error', 'Failed to discard the scan. Please try again.', 'destructive');
      return;
    }
    showToast('Scan discarded', 'Nothing from this scan was kept.', 'success');
    onAgain();
  };

  return (
    <Columns $ratio="3fr 2fr" data-testid="scan-result">
      <SectionCard title="Saved as a Report">
        <Muted>The document was read and saved as a report. Check each value against the line it was read from and correct what is wrong.</Muted>
        <Discard>
          <p>Not a medical document, or not one to keep?</p>
          <Button $variant="danger" $size="sm" onClick={() => void throwAway()} disabled={discard.isPending}>
            <Icon path={RECORD_ICONS.trash} size={16} />
            {discard.isPending ? 'Discarding...' : 'Discard Scan'}
          </Button>
        </Discard>
        <ReportForm
          mode="update"
          initialValues={initialValues}
          sources={result.sources}
          reportDateQuestion={result.reportDateQuestion}
          submitLabel="Save Corrections"
          pendingLabel="Saving..."
          cancelLabel="Process Another"
          failureMessage="Failed to save the report"
          onSubmit={save}
          onCancel={onAgain}
        />
      </SectionCard>
      <Stack $gap="16px">
        <SectionCard title="Document Processed">
          {fields.length ? (
            <Fields>
              {fields.map((field) => (
                <div key={field.label}>
                  <dt>{field.label}</dt>
                  <dd>{field.value}</dd>
                  <SourceNote text={field.source} />
                </div>
              ))}
            </Fields>
          ) : (
            <Muted>No consultation details were recognised. The text read is below.</Muted>
          )}
        </SectionCard>
        <SectionCard title="Medications Found" testId="medications-found">
          {medications.length ? (
            <Medications>
              {medications.map((medication, index) => (
                <li key={`${medication.name}-${index}`}>
                  <strong>{medication.name}</strong> <span>{[medication.dose, medication.frequency].filter(Boolean).join(' · ')}</span>
                </li>
              ))}
            </Medications>
          ) : (
            <Muted>No medications were recognised.</Muted>
          )}
        </SectionCard>
        <SectionCard title="Extracted Text" testId="extracted-text">
          {result.extractedText.trim() ? <ExtractedText>{result.extractedText}</ExtractedText> : <Muted>No text was read.</Muted>}
        </SectionCard>
      </Stack>
    </Columns>
  );
}
