import { useId, useState } from 'react';
import styled from 'styled-components';
import type { FhirImportAnswer } from '../../../common/api-types';
import { MEDICATION_FREQUENCY_LABELS, REPORT_TYPE_LABELS } from '../../../common/constants';
import { Button, Card, CardHeader, CardTitle, FieldError, Label, Muted, Row } from '../../components/ui';
import { showToast } from '../../components/toast';
import { ApiError } from '../../api/client';
import { usePreviewImport, useSaveImport } from '../../api/fhir-import';

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

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

const problemOf = (error: unknown) => (error instanceof ApiError && error.detail) || 'The file could not be read. Please try again.';

/** What the file adds (or added) and what it leaves out, with why. */
function ImportPreview({ preview }: { preview: FhirImportAnswer }) {
  const adding = preview.reports.length + preview.medications.length;
  return (
    <Preview aria-label="Import preview">
      <Muted>
        From <strong>{preview.source}</strong>: {adding ? `${plural(preview.reports.length, 'report')} and ${plural(preview.medications.length, 'medication')} to add.` : 'nothing new to add.'}
      </Muted>
      {adding ? (
        <>
          <SectionHeading>Will be added</SectionHeading>
          <List>
            {preview.reports.map((report, i) => (
              <li key={`r${i}`}>
                {report.title} <Reason>({REPORT_TYPE_LABELS[report.type]}, {report.reportDate}{report.results ? `, ${plural(report.results, 'result')}` : ''})</Reason>
              </li>
            ))}
            {preview.medications.map((medication, i) => (
              <li key={`m${i}`}>
                {medication.name} {medication.dosage} <Reason>({MEDICATION_FREQUENCY_LABELS[medication.frequency].toLowerCase()}, since {medication.startDate})</Reason>
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
        showToast('Records imported', `Added ${plural(saved.reports.length, 'report')} and ${plural(saved.medications.length, 'medication')} from ${saved.source}.`);
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
