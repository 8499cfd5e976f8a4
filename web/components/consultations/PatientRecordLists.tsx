import styled from 'styled-components';
import { MEDICATION_FREQUENCY_LABELS, REPORT_TYPE_LABELS } from '../../../common/constants';
import { medicationState } from '../../../common/records';
import { doctorLabel } from '../../../common/names';
import type { Appointment, DoctorViewReport, Medication } from '../../../common/api-types';
import { TestResults } from '../records/TestResults';
import { PatientChangeNote } from './PatientChangeNote';
import { EmptyState, Stack } from '../ui';
import { AppointmentStatusBadge, MedicationStateBadge, ReportStatusBadge } from '../records/StatusBadge';
import { formatDay, formatDayIn, formatTime } from './format';

const Item = styled.article`
  padding: 12px 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  display: flex;
  flex-direction: column;
  gap: 4px;
  header { display: flex; align-items: flex-start; justify-content: space-between; gap: 10px; }
  h4 { margin: 0; font-size: 0.98rem; }
  p { margin: 0; font-size: 0.88rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;


const joinDefined = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ');

interface RecordItemProps {
  testId: string;
  title: React.ReactNode;
  badge: React.ReactNode;
  meta: string;
  note?: string | null;
  children?: React.ReactNode;
}

function RecordItem({ testId, title, badge, meta, note, children }: RecordItemProps) {
  return (
    <Item data-testid={testId}>
      <header>
        <h4>{title}</h4>
        {badge}
      </header>
      <p>{meta}</p>
      {note ? <p>{note}</p> : null}
      {children}
    </Item>
  );
}

/** The patient's reports; `timeZone`: the patient's, in which their dates are days. */
export function ReportList({ reports, timeZone }: { reports: DoctorViewReport[]; timeZone: string }) {
  if (reports.length === 0) return <EmptyState title="No medical records" message="This patient has no reports on file." />;
  return (
    <Stack $gap="8px">
      {reports.map((r) => (
        <RecordItem
          key={r.id}
          testId="patient-report"
          title={r.title}
          badge={<ReportStatusBadge status={r.status} />}
          meta={joinDefined(REPORT_TYPE_LABELS[r.type], formatDayIn(r.reportDate, timeZone), r.doctorName && doctorLabel(r.doctorName), r.facility, r.provenance.importedFrom && `Imported from ${r.provenance.importedFrom}`)}
          note={r.summary}
        >
          {r.results ? <TestResults results={r.results} compact expandable /> : null}
          <PatientChangeNote provenance={r.provenance} />
        </RecordItem>
      ))}
    </Stack>
  );
}

export function MedicationList({ medications, timeZone }: { medications: Medication[]; timeZone: string }) {
  if (medications.length === 0) return <EmptyState title="No medications" message="This patient has no medications on file." />;
  return (
    <Stack $gap="8px">
      {medications.map((m) => (
        <RecordItem
          key={m.id}
          testId="patient-medication"
          title={`${m.name} ${m.dosage}`}
          badge={<MedicationStateBadge state={medicationState(m)} />}
          meta={joinDefined(MEDICATION_FREQUENCY_LABELS[m.frequency], m.prescribedBy ? `Prescribed by ${m.prescribedBy}` : null, `Since ${formatDayIn(m.startDate, timeZone)}`)}
          note={m.instructions}
        />
      ))}
    </Stack>
  );
}

export function AppointmentHistory({ appointments }: { appointments: Appointment[] }) {
  if (appointments.length === 0) return <EmptyState title="No appointment history" message="This patient has no appointments on file." />;
  return (
    <Stack $gap="8px">
      {appointments.map((a) => (
        <RecordItem
          key={a.id}
          testId="patient-appointment"
          title={`${a.specialty} · ${doctorLabel(a.doctorName)}`}
          badge={<AppointmentStatusBadge appointment={a} />}
          meta={joinDefined(`${formatDay(a.appointmentDate)} at ${formatTime(a.appointmentDate)}`, a.facility)}
          note={a.reason}
        />
      ))}
    </Stack>
  );
}
