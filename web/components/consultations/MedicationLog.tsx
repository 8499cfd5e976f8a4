import styled from 'styled-components';
import type { Medication, MedicationDose } from '../../../common/api-types';
import { ADHERENCE_WINDOWS_DAYS } from '../../../common/reminders';
import { messageOf } from '../../api/auth';
import { useMedicationLog } from '../../api/reminders';
import { AdherenceChart } from '../reminders/AdherenceChart';
import { dosesOfMedication } from '../reminders/adherence';
import { EmptyState, Skeleton, Stack } from '../ui';
import { formatDay, formatTime } from './format';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 10px;
  h3 { margin: 8px 0 0; font-size: 1rem; }
  h4 { margin: 0; font-size: 0.95rem; }
  table { width: 100%; border-collapse: collapse; font-size: 0.85rem; }
  th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 600; }
`;

const LATEST = 10;
const STATUS_TEXT: Record<MedicationDose['status'], string> = { taken: 'Taken', skipped: 'Skipped', pending: 'Not answered' };
const WINDOW = ADHERENCE_WINDOWS_DAYS[ADHERENCE_WINDOWS_DAYS.length - 1];

/** The patient's answers to their dose reminders, per medication: a 30-day chart and the latest doses. */
export function MedicationLog({ consultationId, medications }: { consultationId: string; medications: Medication[] }) {
  const log = useMedicationLog(consultationId);
  if (log.isPending) return <Skeleton $height="96px" />;
  if (log.isError) return <EmptyState title="Failed to fetch the adherence log" message={messageOf(log.error, 'Please try again.')} />;
  const reminded = medications.filter((m) => log.data.some((d) => d.medicationId === m.id));
  return (
    <Section aria-labelledby="adherence-log-heading" data-testid="medication-log">
      <h3 id="adherence-log-heading">Adherence log</h3>
      {reminded.length === 0 ? (
        <p>No dose reminders in the last {WINDOW} days.</p>
      ) : (
        <Stack $gap="14px">
          {reminded.map((m) => {
            const doses = dosesOfMedication(log.data, m.id);
            return (
              <div key={m.id}>
                <h4>
                  {m.name} {m.dosage}
                </h4>
                <AdherenceChart doses={doses} windowDays={WINDOW} label={`${m.name} adherence`} />
                <table aria-label={`Latest doses of ${m.name}`}>
                  <thead>
                    <tr>
                      <th scope="col">Due</th>
                      <th scope="col">Answer</th>
                    </tr>
                  </thead>
                  <tbody>
                    {doses
                      .slice(-LATEST)
                      .reverse()
                      .map((d) => (
                        <tr key={d.id}>
                          <td>
                            {formatDay(d.scheduledTime)} {formatTime(d.scheduledTime)}
                          </td>
                          <td>{d.takenTime ? `Taken at ${formatTime(d.takenTime)}` : STATUS_TEXT[d.status]}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </div>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}
