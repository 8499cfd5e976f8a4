import { FieldArray, Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import styled from 'styled-components';
import type { AnyObjectSchema } from 'yup';

import { REPORT_STATUSES, REPORT_STATUS_LABELS, REPORT_TYPE_LABELS, type ReportType } from '../../../common/constants';
import { messageOf } from '../../api/auth';
import { DialogFormActions } from '../consultations/DialogActions';
import { serverFieldErrors } from '../consultations/errors';
import { showToast } from '../toast';
import { Button, FieldError, FormField, Icon, IconButton, Input, Label, Stack } from '../ui';
import { RECORD_ICONS } from './icons';
import { SourceNote } from './SourceNote';
import { blankResultRow, partLabel, resultLabel, sourceOf, validateAs, type ReportFormValues, type Sources } from './report-form';

const Pair = styled.div`
  display: grid;
  gap: 14px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr 1fr;
  }
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
  const { values, errors, handleChange } = useFormikContext<ReportFormValues>();
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
                {row.added ? (
                  <Label>
                    Name
                    <Input name={`results.${index}.key`} value={row.key} onChange={handleChange} aria-label={`Result ${index + 1} name`} />
                  </Label>
                ) : null}
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

interface ReportFormProps {
  initialValues: ReportFormValues;
  /** The server's schema for the body `toPayload` builds. */
  schema: AnyObjectSchema;
  toPayload: (values: ReportFormValues) => object;
  /** Where each value was read from, after a scan. */
  sources?: Sources;
  /** The types offered; a report's own type always stays among them. */
  types: readonly ReportType[];
  submitLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  failureMessage: string;
  onSubmit: (values: ReportFormValues) => Promise<void>;
  onCancel: () => void;
}

/** A report's fields: the review after a scan, Edit on the report page and Add Report all use it. */
export function ReportForm({ initialValues, schema, toPayload, sources, types, submitLabel, pendingLabel, cancelLabel, failureMessage, onSubmit, onCancel }: ReportFormProps) {
  const submit = async (values: ReportFormValues, helpers: FormikHelpers<ReportFormValues>) => {
    try {
      await onSubmit(values);
    } catch (error) {
      helpers.setErrors(serverFieldErrors(error));
      showToast(messageOf(error, failureMessage), undefined, 'destructive');
    }
  };
  const offered = initialValues.type && !types.includes(initialValues.type) ? [...types, initialValues.type] : types;
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
                  {offered.map((type) => (
                    <option key={type} value={type}>
                      {REPORT_TYPE_LABELS[type]}
                    </option>
                  ))}
                </FormField>
              </Sourced>
              <FormField name="status" label="Status" as="select">
                {REPORT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {REPORT_STATUS_LABELS[status]}
                  </option>
                ))}
              </FormField>
            </Pair>
            <Sourced sources={sources} field="reportDate">
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
            <Sourced sources={sources} field="summary">
              <FormField name="summary" label="Summary (optional)" as="textarea" />
            </Sourced>
            <ResultsEditor sources={sources} />
            <DialogFormActions pending={isSubmitting} submitLabel={submitLabel} pendingLabel={pendingLabel} onCancel={onCancel} cancelLabel={cancelLabel} />
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
