import styled from 'styled-components';
import { LoadFailed, Muted, Skeleton } from '../../../components/ui';
import { useMedications, useReports, type ListState } from '../../../api/records';
import { formatShortDate } from '../../../components/records/dates';
import type { SharedRecords } from '../../../api/shared-links';

const Group = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 6px;
  legend {
    font-weight: 600;
    margin-bottom: 6px;
    padding: 0;
  }
  label {
    display: flex;
    gap: 8px;
    align-items: flex-start;
    min-height: 24px;
  }
  input {
    margin-top: 3px;
  }
`;

/** Said in place of a group's boxes when there are none to tick: while loading, after a failure, or when the vault has none. */
function NothingToTick({ list, what }: { list: ListState<unknown>; what: 'reports' | 'medications' }) {
  if (list.isPending) return <Skeleton $height="24px" />;
  if (list.failed) return <LoadFailed what={what} onRetry={list.retry} />;
  return list.items.length ? null : <Muted>{`No ${what} yet.`}</Muted>;
}

const toggled = (ids: string[], id: string) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]);

/** Everything in the vault, or the reports and medications ticked. */
export function RecordChooser({ records, onChange }: { records: SharedRecords; onChange: (records: SharedRecords) => void }) {
  const reports = useReports();
  const medications = useMedications();
  const chosen: { reportIds: string[]; medicationIds: string[] } = records.everything ? { reportIds: [], medicationIds: [] } : records;
  return (
    <>
      <Group>
        <legend>What to share</legend>
        <label>
          <input type="radio" name="share-scope" checked={records.everything} onChange={() => onChange({ everything: true })} />
          Everything (reports, medications, appointments, consultations)
        </label>
        <label>
          <input type="radio" name="share-scope" checked={!records.everything} onChange={() => onChange({ everything: false, reportIds: [], medicationIds: [] })} />
          Chosen reports and medications
        </label>
      </Group>
      {records.everything ? null : (
        <>
          <Group>
            <legend>Reports</legend>
            <NothingToTick list={reports} what="reports" />
            {reports.items.map((report) => (
              <label key={report.id}>
                <input type="checkbox" checked={chosen.reportIds.includes(report.id)} onChange={() => onChange({ ...chosen, everything: false, reportIds: toggled(chosen.reportIds, report.id) })} />
                {report.title} ({formatShortDate(report.reportDate)})
              </label>
            ))}
          </Group>
          <Group>
            <legend>Medications</legend>
            <NothingToTick list={medications} what="medications" />
            {medications.items.map((medication) => (
              <label key={medication.id}>
                <input
                  type="checkbox"
                  checked={chosen.medicationIds.includes(medication.id)}
                  onChange={() => onChange({ ...chosen, everything: false, medicationIds: toggled(chosen.medicationIds, medication.id) })}
                />
                {medication.name} {medication.dosage}
              </label>
            ))}
          </Group>
        </>
      )}
    </>
  );
}
