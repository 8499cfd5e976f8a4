import { useState } from 'react';
import type { Medication } from '../../../common/api-types';
import { messageOf } from '../../api/auth';
import { useDeleteMedication, useMedications } from '../../api/records';
import { PageHeading } from '../../components/PageHeading';
import { ConfirmDialog } from '../../components/records/ConfirmDialog';
import { RECORD_ICONS } from '../../components/records/icons';
import { showToast } from '../../components/toast';
import { Button, Card, EmptyState, Grid, Icon, LoadFailed, Muted, Skeleton } from '../../components/ui';
import { MedicationCard } from './MedicationCard';
import { MedicationDialog } from './MedicationDialog';
import { QueuedMedications, useQueuedMedications } from './QueuedMedications';
import { PushReminderCard } from './PushReminderCard';
import { AdherenceWindowPicker } from './AdherenceWindowPicker';
import { useDoses } from '../../api/reminders';
import { dosesOfMedication } from '../../components/reminders/adherence';
import { ADHERENCE_WINDOWS_DAYS } from '../../../common/reminders';

/** null: closed; 'new': adding; a medication: editing it. */
type Editing = null | 'new' | Medication;

export default function MedicationsPage() {
  const { items: medications, isPending, failed, retry } = useMedications();
  const queued = useQueuedMedications();
  const remove = useDeleteMedication();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Medication | null>(null);
  const [windowDays, setWindowDays] = useState<number>(ADHERENCE_WINDOWS_DAYS[0]);
  const doses = useDoses();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      showToast('Medication deleted', `${deleting.name} has been removed.`, 'success');
    } catch (error) {
      showToast(messageOf(error, 'Failed to delete medication'), undefined, 'destructive');
      throw error;
    }
  };

  const addButton = (
    <Button onClick={() => setEditing('new')}>
      <Icon path={RECORD_ICONS.plus} size={18} />
      Add Medication
    </Button>
  );

  return (
    <>
      <PageHeading title="Medications" subtitle="Your doses and reminders" actions={addButton} />
      {queued.length ? <QueuedMedications queued={queued} /> : null}
      <PushReminderCard />
      {medications.length ? <AdherenceWindowPicker value={windowDays} onChange={setWindowDays} /> : null}
      {medications.length && doses.isError && !doses.data ? (
        <Muted role="status" data-testid="doses-unavailable">
          Your dose history could not be loaded, so today&apos;s doses and adherence are not shown. Check your connection: they show as soon as it loads.
        </Muted>
      ) : null}
      {isPending ? (
        <Grid $min="300px">
          <Skeleton $height="180px" />
          <Skeleton $height="180px" />
        </Grid>
      ) : failed ? (
        <Card>
          <LoadFailed what="medications" onRetry={retry} />
        </Card>
      ) : medications.length ? (
        <Grid $min="300px">
          {medications.map((m) => (
            <MedicationCard
              key={m.id}
              medication={m}
              doses={doses.data ? dosesOfMedication(doses.data, m.id) : null}
              windowDays={windowDays}
              onEdit={() => setEditing(m)}
              onDelete={() => setDeleting(m)}
            />
          ))}
        </Grid>
      ) : queued.length ? null : (
        <Card>
          <EmptyState title="No medications yet" message="Add a medication to track your doses and get reminders." action={addButton} />
        </Card>
      )}
      <MedicationDialog open={editing !== null} medication={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Medication?"
        description={deleting ? `${deleting.name} ${deleting.dosage} and its reminders will be removed from your records.` : undefined}
        keepLabel="Keep"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
