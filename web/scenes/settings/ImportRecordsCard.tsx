import { useId, useState } from 'react';
import styled from 'styled-components';
import type { FhirImportAnswer } from '../../../common/api-types';
import { MEDICATION_FREQUENCY_LABELS, REPORT_TYPE_LABELS } from '../../../common/constants';
import { plural } from '../../../common/plural';
import { Button, Card, CardHeader, CardTitle, FieldError, Label, LinkButton, Muted, Row } from '../../components/ui';
import { showToast } from '../../components/toast';
import { ApiError } from '../../api/client';
import { usePreviewImport, useSaveImport } from '../../api/fhir-import';
import { formatCalendarDay } from '../../components/records/dates';

const List = styled.ul`
  margin: 4px 0 12px;
  padding-left: 20px;
  display: grid;
  gap: 4px;
`;

const Preview = styled.section`
  margin-top: 12px;
`;

const SectionHeading = styled.h3`
  margin: 12px 0 0;
  font-size: 1rem;
`;

const Reason = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const LimitNote = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin: 12px 0 0;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: 8px;
  p { margin: 0; flex: 1 1 220px; }
`;

/** The reports of the file the free plan has no room for, in words, from the server's `reportLimit`. */
function leftOutByPlan({ reportsLeft, leftOut }: NonNullable<FhirImportAnswer['reportLimit']>): string {
  const room = reportsLeft ? `Your free plan has room for ${plural(reportsLeft, 'more report')}` : 'Your free plan holds no more reports';
  return `${room}: ${plural(leftOut, 'report')} of this file ${leftOut === 1 ? 'is' : 'are'} left out (under Skipped). Upgrade to Premium to import the whole file.`;
}

const problemOf = (error: unknown) => (error instanceof ApiError && error.detail) || 'The file could not be read. Please try again.';

/** What the file adds (or added) and what it leaves out, with why. */
function ImportPreview({ preview }: { preview: FhirImportAnswer }) {
  const adding = preview.reports.length + preview.medications.length;
  return (
    <Preview aria-label="Import preview">
      <Muted>
        From <strong>{preview.source}</strong>: {adding ? `${plural(preview.reports.length, 'report')} and ${plural(preview.medications.length, 'medication')} to add.` : 'nothing new to add.'}
      </Muted>
      {preview.reportLimit ? (
        <LimitNote role="note" aria-label="Free plan">
          <p>{leftOutByPlan(preview.reportLimit)}</p>
          <LinkButton to="/premium" $size="sm" $variant="secondary">
            Upgrade to Premium
          </LinkButton>
        </LimitNote>
      ) : null}
      {adding ? (
        <>
          <SectionHeading>Will be added</SectionHeading>
          <List>
            {preview.reports.map((report, i) => (
              <li key={`r${i}`}>
                {report.title} <Reason>({REPORT_TYPE_LABELS[report.type]}, {formatCalendarDay(report.reportDate)}{report.results ? `, ${plural(report.results, 'result')}` : ''})</Reason>
              </li>
            ))}
            {preview.medications.map((medication, i) => (
              <li key={`m${i}`}>
                {medication.name} {medication.dosage} <Reason>({MEDICATION_FREQUENCY_LABELS[medication.frequency].toLowerCase()}, since {formatCalendarDay(medication.startDate)})</Reason>
              </li>
            ))}
          </List>
        </>
      ) : null}
      {preview.skipped.length ? (
        <>
          <SectionHeading>Skipped</SectionHeading>
          <List>
            {preview.skipped.map((skipped, i) => (
              <li key={i}>
                {skipped.label}: <Reason>{skipped.reason}</Reason>
              </li>
            ))}
          </List>
        </>
      ) : null}
    </Preview>
  );
}

/** Records from elsewhere (a hospital portal's FHIR export, an International Patient Summary): previewed, then saved. */
export function ImportRecordsCard() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const preview = usePreviewImport();
  const save = useSaveImport();
  const shown = preview.data;
  const adding = shown ? shown.reports.length + shown.medications.length : 0;

  const choose = (input: HTMLInputElement) => {
    const chosen = input.files?.[0] ?? null;
    setFile(chosen);
    save.reset();
    if (chosen) preview.mutate(chosen);
    else preview.reset();
  };

  const confirm = () => {
    if (!file) return;
    save.mutate(file, {
      onSuccess: (saved) => {
        const added = `Added ${plural(saved.reports.length, 'report')} and ${plural(saved.medications.length, 'medication')} from ${saved.source}.`;
        const leftOut = saved.reportLimit ? ` ${plural(saved.reportLimit.leftOut, 'report')} did not fit the free plan: upgrade to Premium and import the file again to add them.` : '';
        showToast('Records imported', added + leftOut);
        preview.reset();
        setFile(null);
      },
    });
  };

  const error = preview.error ?? save.error;
  return (
    <Card aria-labelledby={`${inputId}-title`}>
      <CardHeader>
        <CardTitle id={`${inputId}-title`}>Import records</CardTitle>
      </CardHeader>
      <Muted>
        Bring in records from a hospital portal or another health app: a FHIR R4 file (JSON, up to 15 MB) or an International Patient Summary.
        You see what will be added before anything is saved.
      </Muted>
      <Label htmlFor={inputId} style={{ marginTop: 12 }}>
        FHIR file
        <input id={inputId} type="file" accept=".json,application/json,application/fhir+json" onChange={(event) => choose(event.currentTarget)} disabled={save.isPending} />
      </Label>
      {preview.isPending ? <Muted role="status">Reading the file...</Muted> : null}
      {error ? <FieldError>{problemOf(error)}</FieldError> : null}
      {shown && !preview.isPending ? (
        <>
          <ImportPreview preview={shown} />
          <Row $gap="8px" $wrap>
            <Button onClick={confirm} disabled={!adding || save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </Row>
        </>
      ) : null}
    </Card>
  );
}
