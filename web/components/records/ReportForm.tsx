import { useRef } from 'react';
import { FieldArray, Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import styled from 'styled-components';

import { REPORT_STATUSES, REPORT_STATUS_LABELS, REPORT_TYPE_LABELS } from '../../../common/constants';
import { medicalReportCreateSchema, medicalReportUpdateSchema, PATIENT_REPORT_TYPES } from '../../../common/schemas/medical-report';
import { messageOf } from '../../api/auth';
import { DialogFormActions } from '../consultations/DialogActions';
import { serverFieldErrors } from '../consultations/errors';
import { showToast } from '../toast';
import { usePremiumRequiredToast } from '../premium-required';
import { Button, FieldError, Icon, IconButton, Input, Label, Stack } from '../ui';
import { FormField } from '../ui/FormField';
import type { ReportDateQuestion } from '../../../common/api-types';
import { DateQuestion } from './DateQuestion';
import { RECORD_ICONS } from './icons';
import { SourceNote } from './SourceNote';
import { blankResultRow, partLabel, renameInSummary, resultLabel, sourceOf, toCreatePayload, toUpdatePayload, validateAs, type ReportFormValues, type Sources } from './report-form';

const Pair = styled.div`
  display: grid;
  gap: 14px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr 1fr;
  }
`;

/** A read summary runs to several sentences: room for them without scrolling. */
const SummaryBox = styled.div`
  textarea { min-height: 136px; }
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ResultBox = styled.fieldset`
  margin: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 10px 12px 12px;
  strong { font-size: 0.92rem; }
`;

const ResultHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
`;

const Parts = styled.div`
  display: grid;
  gap: 8px;
  grid-template-columns: repeat(auto-fit, minmax(110px, 1fr));
  label { font-weight: 500; font-size: 0.82rem; }
  /* The name, first, takes the whole row: a lab's names run longer than its numbers. */
  label:first-child { grid-column: 1 / -1; }
`;

const SectionTitle = styled.h3`
  margin: 6px 0 0;
  font-size: 1rem;
`;

function Sourced({ sources, field, children }: { sources?: Sources; field: string; children: React.ReactNode }) {
  return (
    <div>
      {children}
      <SourceNote text={sourceOf(sources, field)} />
    </div>
  );
}

/** Each result's parts (value, unit, reference range...) as inputs; new ones are named by the patient. */
function ResultsEditor({ sources }: { sources?: Sources }) {
  const { values, errors, handleChange, setFieldValue } = useFormikContext<ReportFormValues>();
  // A corrected name is carried into the summary, which the scan wrote with the name as it was read.
  const nameAtFocus = useRef('');
  const carryNameIntoSummary = (name: string) => void setFieldValue('summary', renameInSummary(values.summary, nameAtFocus.current, name));
  return (
    <FieldArray name="results">
      {({ push, remove }) => (
        <Stack $gap="10px">
          <SectionTitle>Test Results</SectionTitle>
          {values.results.length === 0 ? <Hint>No test results yet. Add one if the document has any.</Hint> : null}
          {values.results.map((row, index) => (
            <ResultBox key={index} data-testid="result-row" aria-label={resultLabel(row)}>
              <ResultHead>
                <strong>{resultLabel(row)}</strong>
                <IconButton onClick={() => remove(index)} aria-label={`Remove ${resultLabel(row)}`}>
                  <Icon path={RECORD_ICONS.trash} size={18} />
                </IconButton>
              </ResultHead>
              <Parts>
                <Label>
                  Name
                  <Input
                    name={`results.${index}.name`}
                    value={row.name}
                    onChange={handleChange}
                    onFocus={() => (nameAtFocus.current = row.name)}
                    onBlur={() => carryNameIntoSummary(row.name)}
                    aria-label={`Result ${index + 1} name`}
                  />
                </Label>
                {row.parts.map((part, partIndex) => (
                  <Label key={part.part || 'value'}>
                    {partLabel(part)}
                    <Input
                      name={`results.${index}.parts.${partIndex}.text`}
                      value={part.text}
                      onChange={handleChange}
                      aria-label={`${resultLabel(row)} ${partLabel(part).toLowerCase()}`}
                    />
                  </Label>
                ))}
              </Parts>
              <SourceNote text={sourceOf(sources, `results.${row.key}`)} />
            </ResultBox>
          ))}
          {typeof errors.results === 'string' ? <FieldError>{errors.results}</FieldError> : null}
          <Button $variant="ghost" $size="sm" onClick={() => push(blankResultRow())}>
            <Icon path={RECORD_ICONS.plus} size={16} />
            Add result
          </Button>
        </Stack>
      )}
    </FieldArray>
  );
}

/** What the form sends: a new report's body, or every field of a saved one's. */
const MODES = {
  create: { schema: medicalReportCreateSchema, toPayload: toCreatePayload },
  update: { schema: medicalReportUpdateSchema, toPayload: toUpdatePayload },
} as const;

type Body<M extends keyof typeof MODES> = ReturnType<(typeof MODES)[M]['toPayload']>;

interface ReportFormProps<M extends keyof typeof MODES> {
  mode: M;
  initialValues: ReportFormValues;
  /** Where each value was read from, after a scan. */
  sources?: Sources;
  /** After a scan whose date was not read for certain: the patient is asked for it. */
  reportDateQuestion?: ReportDateQuestion | null;
  submitLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  failureMessage: string;
  onSubmit: (body: Body<M>) => Promise<void>;
  onCancel: () => void;
}

function Choices<T extends string>({ values, labels }: { values: readonly T[]; labels: Record<T, string> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}

/**
 * A report's fields: the review after a scan, Edit on the report page and Add Report all use it. It
 * validates the body it will send with the server's own schema, so both answer the same messages.
 */
export function ReportForm<M extends keyof typeof MODES>({ mode, initialValues, sources, reportDateQuestion, submitLabel, pendingLabel, cancelLabel, failureMessage, onSubmit, onCancel }: ReportFormProps<M>) {
  const { schema, toPayload } = MODES[mode];
  const premiumRequired = usePremiumRequiredToast();
  const submit = async (values: ReportFormValues, helpers: FormikHelpers<ReportFormValues>) => {
    try {
      await onSubmit(toPayload(values) as Body<M>);
    } catch (error) {
      if (premiumRequired(error)) return;
      helpers.setErrors(serverFieldErrors(error));
      showToast(messageOf(error, failureMessage), undefined, 'destructive');
    }
  };
  // Patients choose among the types they may give; a report's own type (a premium analysis) stays shown.
  const types = initialValues.type && !PATIENT_REPORT_TYPES.includes(initialValues.type) ? [...PATIENT_REPORT_TYPES, initialValues.type] : PATIENT_REPORT_TYPES;
  return (
    <Formik<ReportFormValues> initialValues={initialValues} validate={validateAs(schema, toPayload)} validateOnBlur={false} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Report details">
          <Stack $gap="14px">
            <Sourced sources={sources} field="title">
              <FormField name="title" label="Title" placeholder="e.g. Complete Blood Count" />
            </Sourced>
            <Pair>
              <Sourced sources={sources} field="type">
                <FormField name="type" label="Type" as="select">
                  <option value="">Choose a type</option>
                  <Choices values={types} labels={REPORT_TYPE_LABELS} />
                </FormField>
              </Sourced>
              <FormField name="status" label="Status" as="select">
                <Choices values={REPORT_STATUSES} labels={REPORT_STATUS_LABELS} />
              </FormField>
            </Pair>
            <Sourced sources={sources} field="reportDate">
              {reportDateQuestion ? <DateQuestion question={reportDateQuestion} /> : null}
              <FormField name="reportDate" label="Report Date" type="date" />
            </Sourced>
            <Pair>
              <Sourced sources={sources} field="doctorName">
                <FormField name="doctorName" label="Doctor (optional)" placeholder="e.g. Sarah Chen" />
              </Sourced>
              <Sourced sources={sources} field="facility">
                <FormField name="facility" label="Facility (optional)" placeholder="e.g. City Clinic" />
              </Sourced>
            </Pair>
            <SummaryBox>
              <Sourced sources={sources} field="summary">
                <FormField name="summary" label="Summary (optional)" as="textarea" />
              </Sourced>
            </SummaryBox>
            <ResultsEditor sources={sources} />
            <DialogFormActions pending={isSubmitting} submitLabel={submitLabel} pendingLabel={pendingLabel} onCancel={onCancel} cancelLabel={cancelLabel} />
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
