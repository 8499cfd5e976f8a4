import { useState } from 'react';
import styled from 'styled-components';
import type { Appointment } from '../../../common/api-types';
import { isPastAppointment } from '../../../common/records';
import { figureOf, useAppointments, useCancelAppointment } from '../../api/records';
import { PageHeading } from '../../components/PageHeading';
import { upcomingAppointments } from '../../components/records/appointment-time';
import { ConfirmDialog } from '../../components/records/ConfirmDialog';
import { StatRow } from '../../components/records/Layout';
import { RECORD_ICONS } from '../../components/records/icons';
import { showToast } from '../../components/toast';
import { Button, Card, EmptyState, Grid, Icon, LoadFailed, Skeleton, StatCard } from '../../components/ui';
import { AppointmentCard } from './AppointmentCard';
import { BookAppointmentDialog } from './BookAppointmentDialog';
import { CalendarFeedCard } from './CalendarFeedCard';
import { RescheduleAppointmentDialog } from './RescheduleAppointmentDialog';

const Section = styled.section`
  margin-bottom: 24px;
  h2 { font-size: 1.1rem; margin: 0 0 12px; }
`;

/**
 * Past & cancelled: completed, dated in the past or cancelled, most recent first, all of them: a cancelled
 * appointment stays visible as cancelled, as the cancel dialog promises (docs/decisions.md).
 */
const pastAndCancelledAppointments = (appointments: Appointment[]) =>
  appointments
    .filter((a) => a.status === 'cancelled' || isPastAppointment(a))
    .sort((a, b) => Date.parse(b.appointmentDate) - Date.parse(a.appointmentDate));

export default function AppointmentsPage() {
  const loaded = useAppointments();
  const { items: appointments, isPending, failed, retry } = loaded;
  const cancel = useCancelAppointment();
  const [booking, setBooking] = useState(false);
  const [rescheduling, setRescheduling] = useState<Appointment | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const upcoming = upcomingAppointments(appointments);
  const past = pastAndCancelledAppointments(appointments);

  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync(cancelling.id);
      showToast('Appointment Cancelled', 'Your appointment has been successfully cancelled.', 'success');
    } catch (error) {
      showToast('Failed to cancel appointment. Please try again.', undefined, 'destructive');
      throw error;
    }
  };

  const bookButton = (
    <Button onClick={() => setBooking(true)}>
      <Icon path={RECORD_ICONS.plus} size={18} />
      Book Appointment
    </Button>
  );

  let content: React.ReactNode;
  if (isPending) {
    content = (
      <Grid $min="320px">
        <Skeleton $height="180px" />
        <Skeleton $height="180px" />
      </Grid>
    );
  } else if (failed) {
    content = (
      <Card>
        <LoadFailed what="appointments" onRetry={retry} />
      </Card>
    );
  } else if (!upcoming.length && !past.length) {
    content = (
      <Card>
        <EmptyState title="No appointments scheduled" message="Book your next visit to keep everything in one place." action={bookButton} />
      </Card>
    );
  } else {
    content = (
      <>
        <Section aria-labelledby="upcoming-heading">
          <h2 id="upcoming-heading">Upcoming</h2>
          {upcoming.length ? (
            <Grid $min="min(420px, 100%)">
              {upcoming.map((a) => (
                <AppointmentCard key={a.id} appointment={a} onReschedule={() => setRescheduling(a)} onCancel={() => setCancelling(a)} />
              ))}
            </Grid>
          ) : (
            <Card>
              <EmptyState title="No upcoming appointments" message="Book a visit and it will show here." />
            </Card>
          )}
        </Section>
        {past.length ? (
          <Section aria-labelledby="past-heading">
            <h2 id="past-heading">Past &amp; cancelled</h2>
            <Grid $min="min(420px, 100%)">
              {past.map((a) => (
                <AppointmentCard key={a.id} appointment={a} />
              ))}
            </Grid>
          </Section>
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageHeading title="Appointments" subtitle="Your visits, past and upcoming" actions={bookButton} />
      <StatRow>
        <StatCard label="Upcoming" value={figureOf(loaded, () => upcoming.length)} testId="stat-upcoming" />
        <StatCard label="Completed" value={figureOf(loaded, (all) => all.filter((a) => a.status === 'completed').length)} testId="stat-completed" />
        <StatCard label="Cancelled" value={figureOf(loaded, (all) => all.filter((a) => a.status === 'cancelled').length)} testId="stat-cancelled" />
      </StatRow>
      {content}
      <Section aria-label="Calendar feed">
        <CalendarFeedCard />
      </Section>
      <BookAppointmentDialog open={booking} onClose={() => setBooking(false)} />
      <RescheduleAppointmentDialog appointment={rescheduling} onClose={() => setRescheduling(null)} />
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel Appointment?"
        description={cancelling ? `Your ${cancelling.specialty} appointment will be cancelled. It stays in your records as cancelled.` : undefined}
        keepLabel="Keep Appointment"
        confirmLabel="Cancel Appointment"
        pendingLabel="Cancelling..."
        onConfirm={confirmCancel}
        onClose={() => setCancelling(null)}
      />
    </>
  );
}
