import styled from 'styled-components';
import { FOLLOW_UP_MINUTES_RANGE, MAX_PILLS_PER_DOSE, MAX_REFILL_REMINDER_DAYS, MAX_SUPPLY_PILLS } from '../../../common/reminders';
import { Muted } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';

const Group = styled.fieldset`
  margin: 0;
  padding: 12px 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  display: grid;
  gap: 12px;
  legend { font-weight: 600; padding: 0 4px; }
`;

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(150px, 100%), 1fr));
  gap: 12px;
  input { min-width: 0; width: 100%; }
`;

/** Premium's smart reminders in the medication form: the supply for a refill reminder, and the follow-up of an unmarked dose. */
export function SmartReminderFields() {
  return (
    <Group>
      <legend>Smart Reminders</legend>
      <Muted>Count your pills to be reminded before they run out; choose when a dose you have not marked is reminded again.</Muted>
      <Pair>
        <FormField name="pillsLeft" label="Pills left (optional)" type="number" min={0} max={MAX_SUPPLY_PILLS} />
        <FormField name="pillsPerDose" label="Pills per dose" type="number" min={1} max={MAX_PILLS_PER_DOSE} placeholder="1" />
      </Pair>
      <Pair>
        <FormField name="refillReminderDays" label="Refill reminder (days before)" type="number" min={1} max={MAX_REFILL_REMINDER_DAYS} />
        <FormField name="followUpMinutes" label="Remind again after (minutes)" type="number" min={FOLLOW_UP_MINUTES_RANGE[0]} max={FOLLOW_UP_MINUTES_RANGE[1]} />
      </Pair>
    </Group>
  );
}
