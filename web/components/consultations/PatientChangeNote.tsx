import styled from 'styled-components';
import { REPORT_STATUS_LABELS, REPORT_TYPE_LABELS } from '../../../common/constants';
import type { ReportProvenance } from '../../../common/api-types';
import { TestResults } from '../records/TestResults';

const Note = styled.div`
  margin-top: 6px;
  padding: 10px 12px;
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSoft};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: 0.88rem;
  strong { display: block; margin-bottom: 4px; }
  ul { margin: 0; padding-left: 18px; }
`;

/**
 * For a treating doctor: what the patient changed of a report a document or a doctor gave, with the
 * original values beside the current ones.
 */
export function PatientChangeNote({ provenance }: { provenance: ReportProvenance }) {
  const { original, patientChanged } = provenance;
  if (!original || patientChanged.length === 0) return null;
  return (
    <Note data-testid="patient-change">
      <strong>Changed by the patient</strong>
      <ul>
        {patientChanged.includes('type') ? <li>Type was {REPORT_TYPE_LABELS[original.type]}</li> : null}
        {patientChanged.includes('status') ? <li>Status was {REPORT_STATUS_LABELS[original.status]}</li> : null}
        {patientChanged.includes('results') ? <li>Results were changed; the original results:</li> : null}
      </ul>
      {patientChanged.includes('results') ? <TestResults results={original.results} compact expandable /> : null}
    </Note>
  );
}
