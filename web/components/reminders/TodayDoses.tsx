import styled from 'styled-components';
import type { MedicationDose } from '../../../common/api-types';
import type { DoseMark } from '../../../common/reminders';
import { messageOf } from '../../api/auth';
import { useMarkDose } from '../../api/reminders';
import { showToast } from '../toast';
import { Button } from '../ui';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: 6px;
  li { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; font-size: 0.9rem; }
  strong { min-width: 3.2em; }
  span { color: ${({ theme }) => theme.colors.textMuted}; flex: 1; }
`;

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
const isToday = (iso: string) => new Date(iso).toDateString() === new Date().toDateString();

const ANSWERS: Record<MedicationDose['status'], string> = { taken: 'Taken', skipped: 'Skipped', pending: 'Due' };

/** Today's doses of one medication that a reminder asked about, each with Taken and Skip until answered. */
export function TodayDoses({ doses, medicationName }: { doses: MedicationDose[]; medicationName: string }) {
  const mark = useMarkDose();
  const today = doses.filter((d) => isToday(d.scheduledTime));
  if (!today.length) return null;
  const answer = async (dose: MedicationDose, status: DoseMark) => {
    try {
      await mark.mutateAsync({ dose, status });
    } catch (error) {
      showToast(messageOf(error, 'Failed to update the dose. Please try again.'), undefined, 'destructive');
    }
  };
  return (
    <List aria-label={`Today's doses of ${medicationName}`}>
      {today.map((dose) => (
        <li key={dose.id} data-testid="today-dose">
          <strong>{timeOf(dose.scheduledTime)}</strong>
          <span>{dose.status === 'taken' && dose.takenTime ? `Taken at ${timeOf(dose.takenTime)}` : ANSWERS[dose.status]}</span>
          {dose.status === 'pending' ? (
            <>
              <Button $size="sm" onClick={() => answer(dose, 'taken')} disabled={mark.isPending} aria-label={`Mark the ${timeOf(dose.scheduledTime)} dose taken`}>
                Taken
              </Button>
              <Button $size="sm" $variant="secondary" onClick={() => answer(dose, 'skipped')} disabled={mark.isPending} aria-label={`Skip the ${timeOf(dose.scheduledTime)} dose`}>
                Skip
              </Button>
            </>
          ) : null}
        </li>
      ))}
    </List>
  );
}
