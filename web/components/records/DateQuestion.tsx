import { useFormikContext } from 'formik';
import styled from 'styled-components';
import type { ReportDateQuestion } from '../../../common/api-types';
import { formatLongDate } from './dates';
import type { ReportFormValues } from './report-form';

const Question = styled.fieldset`
  margin: 0 0 8px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.text};
  legend { padding: 0 4px; font-weight: 700; font-size: 0.92rem; }
  p { margin: 0 0 6px; font-size: 0.9rem; }
  label { display: flex; align-items: center; gap: 8px; min-height: 44px; font-size: 0.95rem; }
  input { width: 20px; height: 20px; margin: 0; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

function ask({ written, choices }: ReportDateQuestion): string {
  if (choices.length > 1) return `The document says ${written}, which can be read as either date below. Choose the right one, or enter it.`;
  if (written) return `The document's date, ${written}, could not be read. Enter the report's date.`;
  return "No date was found on the document. Enter the report's date.";
}

/** The review's question when a scan's date was not read for certain: its readings to choose from, or a request to enter it. */
export function DateQuestion({ question }: { question: ReportDateQuestion }) {
  const { values, setFieldValue } = useFormikContext<ReportFormValues>();
  return (
    <Question data-testid="date-question">
      <legend>Which date is this report from?</legend>
      <p>{ask(question)}</p>
      {question.choices.length > 1
        ? question.choices.map((choice) => (
            <label key={choice}>
              <input type="radio" name="reportDateChoice" value={choice} checked={values.reportDate === choice} onChange={() => void setFieldValue('reportDate', choice)} />
              {/* Local midnight, so a browser west of UTC does not show the day before. */}
              {formatLongDate(`${choice}T00:00`)}
            </label>
          ))
        : null}
    </Question>
  );
}
