import styled from 'styled-components';
import type { Medication, MedicationDose } from '../../../common/api-types';
import { MEDICATION_FREQUENCY_LABELS } from '../../../common/constants';
import { medicationState } from '../../../common/records';
import { formatShortDate } from '../../components/records/dates';
import { RECORD_ICONS } from '../../components/records/icons';
import { MedicationStateBadge } from '../../components/records/StatusBadge';
import { MedicationIcon } from '../../components/records/ReportTypeIcon';
import { Card, Icon, IconButton } from '../../components/ui';
import { AdherenceChart } from '../../components/reminders/AdherenceChart';
import { TodayDoses } from '../../components/reminders/TodayDoses';

const Body = styled(Card)<{ $faded: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 10px;
  ${({ $faded, theme }) => ($faded ? `background: ${theme.colors.surfaceMuted};` : '')}
`;

const Top = styled.header`
  display: flex;
  gap: 12px;
  align-items: flex-start;
  h3 { margin: 0; font-size: 1.05rem; }
  p { margin: 2px 0 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.9rem; }
  & > div { flex: 1; min-width: 0; overflow-wrap: anywhere; }
`;

const Times = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: center;
  color: ${({ theme }) => theme.colors.textMuted};
  span {
    padding: 3px 10px;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
    font-size: 0.85rem;
    font-weight: 600;
  }
`;

const Facts = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 12px;
  font-size: 0.88rem;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
`;

const Fact = styled.div`
  display: contents;
`;

const Actions = styled.footer`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  margin-top: auto;
`;

/** Premium's smart reminders as the server projects them: pills left, when they run out, and the reminders set. */
function smartReminderFacts({ supply, followUpMinutes }: Medication): Array<[string, string | null]> {
  const runsOut = supply?.runsOutAt ? ` · runs out ${formatShortDate(supply.runsOutAt)}` : '';
  return [
    ['Supply', supply ? `${supply.pillsLeft} left${runsOut}` : null],
    ['Refill reminder', supply?.refillReminderDays ? `${supply.refillReminderDays} ${supply.refillReminderDays === 1 ? 'day' : 'days'} before running out` : null],
    ['Follow-up', followUpMinutes ? `Reminded again ${followUpMinutes} min after a dose not marked` : null],
  ];
}

interface MedicationCardProps {
  medication: Medication;
  /** The doses reminders asked about, for today's answers and the adherence chart; null while not known (neither is shown). */
  doses: MedicationDose[] | null;
  windowDays: number;
  onEdit: () => void;
  onDelete: () => void;
}

export function MedicationCard({ medication, doses, windowDays, onEdit, onDelete }: MedicationCardProps) {
  const state = medicationState(medication);
  const facts: Array<[string, string | null]> = [
    ['Prescribed by', medication.prescribedBy],
    ['Started', formatShortDate(medication.startDate)],
    ['Ends', medication.endDate ? formatShortDate(medication.endDate) : null],
    ['Instructions', medication.instructions],
    ...smartReminderFacts(medication),
  ];
  return (
    <Body as="article" $faded={state === 'inactive'} aria-label={medication.name} data-testid="medication-card">
      <Top>
        <MedicationIcon />
        <div>
          <h3>{medication.name}</h3>
          <p>
            {medication.dosage} · {MEDICATION_FREQUENCY_LABELS[medication.frequency]}
          </p>
        </div>
        <MedicationStateBadge state={state} />
      </Top>
      {medication.reminderTimes.length ? (
        <Times aria-label="Reminder times">
          <Icon path={RECORD_ICONS.clock} size={16} />
          {medication.reminderTimes.map((t) => (
            <span key={t}>{t}</span>
          ))}
        </Times>
      ) : null}
      {doses ? <TodayDoses doses={doses} medicationName={medication.name} /> : null}
      {doses && medication.frequency !== 'as_needed' ? <AdherenceChart doses={doses} windowDays={windowDays} label={`${medication.name} adherence`} /> : null}
      <Facts>
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Fact key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fact>
          ))}
      </Facts>
      <Actions>
        <IconButton onClick={onEdit} aria-label={`Edit ${medication.name}`} title="Edit">
          <Icon path={RECORD_ICONS.edit} />
        </IconButton>
        <IconButton onClick={onDelete} aria-label={`Delete ${medication.name}`} title="Delete">
          <Icon path={RECORD_ICONS.trash} />
        </IconButton>
      </Actions>
    </Body>
  );
}
