import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { Consultation } from '../../../common/api-types';
import { doctorsQuery, myConsultationsQuery } from '../../api/consultations';
import { PageHeading } from '../../components/PageHeading';
import { Button, EmptyState, Grid, Icon, Skeleton, Stack } from '../../components/ui';
import { ICONS } from '../../components/consultations/icons';
import { BookConsultationDialog } from './BookConsultationDialog';
import { CancelConsultationDialog } from './CancelConsultationDialog';
import { ConsultationCard } from './ConsultationCard';
import { groupConsultations } from './consultation-groups';
import { useNow } from '../../components/consultations/useNow';
import { DoctorCard } from './DoctorCard';
import { ProviderBox } from './ProviderBox';
import { RescheduleDialog } from './RescheduleDialog';
import { PayConsultationDialog } from './PayConsultationDialog';
import { needsPayment } from './ConsultationCard';
import { usePaymentsEnabled } from '../../api/payments';
import { useRetryHint } from '../../offline/connectivity';

const Section = styled.section`
  margin-bottom: 28px;
  h2 { font-size: 1.15rem; margin: 0 0 12px; }
`;

const Group = styled.div`
  & + & { margin-top: 20px; }
  > h3 { font-size: 1rem; margin: 0 0 10px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

type Booking = { doctorId?: string } | null;

const TryAgain = ({ onClick }: { onClick: () => void }) => (
  <Button $variant="secondary" onClick={onClick}>
    Try Again
  </Button>
);

export default function TelemedicinePage() {
  const doctors = useQuery(doctorsQuery);
  const consultations = useQuery(myConsultationsQuery);
  // Each card's Join Call appears when its window opens, and a consultation nobody started moves to the past.
  const now = useNow();
  const [booking, setBooking] = useState<Booking>(null);
  // By id: the dialog shows the consultation as last fetched (its refund terms change when the list refreshes).
  const [cancellingId, setCancellingId] = useState<string | null>(null);
  const cancelling = consultations.data?.find((c) => c.id === cancellingId) ?? null;
  const [rescheduling, setRescheduling] = useState<Consultation | null>(null);
  const [paying, setPaying] = useState<Consultation | null>(null);
  const paymentsConfigured = usePaymentsEnabled();
  const retryHint = useRetryHint();
  const doctorList = doctors.data ?? [];
  const payAfterBooking = (booked: Consultation) => {
    if (paymentsConfigured && needsPayment(booked)) setPaying(booked);
  };

  return (
    <>
      <PageHeading
        title="Telemedicine"
        subtitle="See a verified doctor by video, audio or chat"
        actions={
          <Button onClick={() => setBooking({})} disabled={!doctorList.some((d) => d.isAvailable)}>
            <Icon path={ICONS.plus} size={18} />
            New Consultation
          </Button>
        }
      />

      <Section aria-labelledby="doctors-heading">
        <h2 id="doctors-heading">Available Doctors</h2>
        {doctors.isPending ? (
          <Grid $min="280px">
            <Skeleton $height="220px" />
            <Skeleton $height="220px" />
          </Grid>
        ) : doctors.isError ? (
          <EmptyState title="Failed to fetch doctors" message={retryHint} action={<TryAgain onClick={() => void doctors.refetch()} />} />
        ) : doctorList.length === 0 ? (
          <EmptyState title="No doctors available" message="Please check back later." />
        ) : (
          <Grid $min="280px">
            {doctorList.map((doctor) => (
              <DoctorCard key={doctor.id} doctor={doctor} onBook={() => setBooking({ doctorId: doctor.id })} />
            ))}
          </Grid>
        )}
      </Section>

      <Section aria-labelledby="consultations-heading">
        <h2 id="consultations-heading">My Consultations</h2>
        {consultations.isPending ? (
          <Stack>
            <Skeleton $height="140px" />
          </Stack>
        ) : consultations.isError ? (
          <EmptyState title="Failed to fetch consultations" message={retryHint} action={<TryAgain onClick={() => void consultations.refetch()} />} />
        ) : consultations.data.length === 0 ? (
          <EmptyState title="No consultations scheduled" message="Book a consultation with one of the doctors above." />
        ) : (
          groupConsultations(consultations.data, now).map((group) => (
            <Group key={group.id} aria-labelledby={`consultations-${group.id}-heading`} role="group" data-testid={`consultations-${group.id}`}>
              <h3 id={`consultations-${group.id}-heading`}>{group.title}</h3>
              <Grid $min="min(400px, 100%)">
                {group.items.map((c) => (
                  <ConsultationCard
                    key={c.id}
                    consultation={c}
                    onCancel={() => setCancellingId(c.id)}
                    onReschedule={() => setRescheduling(c)}
                    onPay={paymentsConfigured ? () => setPaying(c) : undefined}
                  />
                ))}
              </Grid>
            </Group>
          ))
        )}
      </Section>

      <ProviderBox />

      <BookConsultationDialog open={booking !== null} doctors={doctorList} doctorId={booking?.doctorId} onClose={() => setBooking(null)} onBooked={payAfterBooking} />
      <PayConsultationDialog consultation={paying} onClose={() => setPaying(null)} />
      <CancelConsultationDialog consultation={cancelling} onClose={() => setCancellingId(null)} />
      <RescheduleDialog consultation={rescheduling} onClose={() => setRescheduling(null)} />
    </>
  );
}
