import styled from 'styled-components';
import type { MedicationInput } from '../../../common/schemas/medication';
import { WILL_SYNC } from '../../components/offline/will-sync';
import { Badge, Card, Grid } from '../../components/ui';
import { useWaitingChanges } from '../../offline/use-outbox';

const List = styled(Grid)`
  margin-bottom: 12px;
`;

const Pending = styled(Card)`
  border-style: dashed;
  h3 { margin: 0 0 4px; font-size: 1.05rem; }
  p { margin: 0 0 10px; color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.9rem; }
`;

/** Medications added offline, shown as they wait to be sent. */
export function useQueuedMedications(): Array<{ id: string; medication: MedicationInput }> {
  return useWaitingChanges()
    .filter((change) => change.method === 'POST' && change.path === '/api/medications')
    .map((change) => ({ id: change.id, medication: change.body as MedicationInput }));
}

export function QueuedMedications({ queued }: { queued: ReturnType<typeof useQueuedMedications> }) {
  return (
    <List $min="300px" aria-label="Medications waiting to be sent" role="list">
      {queued.map(({ id, medication }) => (
        <Pending key={id} role="listitem" aria-label={`${medication.name} (waiting)`}>
          <h3>{medication.name}</h3>
          <p>{medication.dosage}</p>
          <Badge $tone="warning">{WILL_SYNC}</Badge>
        </Pending>
      ))}
    </List>
  );
}
