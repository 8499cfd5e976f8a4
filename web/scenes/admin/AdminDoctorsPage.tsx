import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { PublicDoctor } from '../../../common/api-types';
import { adminRosterPageQuery, useRosterControl, type RosterChange } from '../../api/admin';
import { PageHeading } from '../../components/PageHeading';
import { ListPager } from '../../components/ListPager';
import { useSettledValue } from '../../components/useSettledValue';
import { Button, Card, EmptyState, Grid, Icon, Input, Row, Skeleton } from '../../components/ui';
import { showToast } from '../../components/toast';
import { UserLogoutButton } from '../../components/consultations/LogoutButton';
import { PortalMain } from '../../components/consultations/PortalMain';
import { messageOf } from '../../api/auth';
import { ICONS } from '../../components/consultations/icons';
import { DoctorFormDialog } from './DoctorFormDialog';
import { RosterCard } from './RosterCard';
import { ResetLinkDialog } from './ResetLinkDialog';
import { ConfirmDialog } from '../../components/records/ConfirmDialog';
import { useResetDoctorPassword } from '../../api/password-reset';
import { BreakGlassReview } from './BreakGlassReview';
import { SupportQueue } from './SupportQueue';

/** Doctors on one page of the roster: a few rows of cards at any width. */
const PAGE_SIZE = 12;

const Search = styled.div`
  margin-bottom: 16px;
  max-width: 480px;
`;

/** The toast words of each roster control; verification keeps the spec's 'Verification Updated'. */
function rosterWords(change: RosterChange): { title: string; failure: string; done: (doctor: PublicDoctor) => string } {
  if ('isVerified' in change) {
    return { title: 'Verification Updated', failure: 'Failed to update verification status', done: (d) => (d.isVerified ? 'is now verified' : 'is no longer verified and has been signed out') };
  }
  // Reactivating or making available does not verify: the toast says what still keeps the doctor out.
  const unverified = (d: PublicDoctor) => (d.isVerified ? '' : ' once verified');
  if ('isActive' in change) {
    return { title: 'Doctor Updated', failure: 'Failed to update the doctor', done: (d) => (d.isActive ? `can sign in again${unverified(d)}` : 'is deactivated and has been signed out') };
  }
  return {
    title: 'Doctor Updated',
    failure: 'Failed to update the doctor',
    done: (d) => (!d.isAvailable ? 'is unavailable for bookings' : !d.isActive ? 'is available for bookings once reactivated' : `is available for bookings${unverified(d)}`),
  };
}

export default function AdminDoctorsPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const q = useSettledValue(search.trim());
  const doctors = useQuery(adminRosterPageQuery({ q: q || undefined, limit: PAGE_SIZE, offset: page * PAGE_SIZE }));
  // Judged on this search's own answer only: the previous search's stays on screen while it loads.
  const answered = doctors.data !== undefined && !doctors.isPlaceholderData;
  const rosterEmpty = answered && doctors.data?.total === 0 && !q;
  const control = useRosterControl();
  const [editing, setEditing] = useState<PublicDoctor | 'new' | null>(null);
  const [handedOver, setHandedOver] = useState<{ doctorName: string; link: string } | null>(null);
  const reset = useResetDoctorPassword();
  const resetPassword = (doctor: PublicDoctor) =>
    reset.mutate(doctor.id, {
      onSuccess: ({ emailed, resetLink }) => {
        if (emailed) showToast('Reset link sent', `${doctor.name} has been emailed a link to choose a new password.`, 'success');
        else setHandedOver({ doctorName: doctor.name, link: resetLink ?? '' });
      },
      onError: (error) => showToast('Error', messageOf(error, 'Failed to reset the password.'), 'destructive'),
    });

  /** Rejects, once the toast has said why, when the change fails. */
  const change = async (doctor: PublicDoctor, requested: RosterChange) => {
    const { title, failure, done } = rosterWords(requested);
    try {
      const updated = await control.mutateAsync({ doctor, change: requested });
      showToast(title, `${updated.name} ${done(updated)}.`, 'success');
    } catch (error) {
      showToast('Error', messageOf(error, failure), 'destructive');
      throw error;
    }
  };
  // Deactivating signs the doctor out at once and hides them from patients: asked once more, as deletions are.
  const [deactivating, setDeactivating] = useState<PublicDoctor | null>(null);
  const onRosterChange = (doctor: PublicDoctor, requested: RosterChange) => {
    if ('isActive' in requested && !requested.isActive) setDeactivating(doctor);
    else void change(doctor, requested).catch(() => {});
  };

  const addButton = (
    <Button onClick={() => setEditing('new')}>
      <Icon path={ICONS.plus} size={18} />
      Add Doctor
    </Button>
  );

  return (
    <PortalMain>
      <PageHeading
        title="Doctor Management"
        subtitle="Add, edit, verify and deactivate the doctors patients can book"
        actions={
          <Row $wrap $justify="flex-end">
            {doctors.data && !rosterEmpty ? addButton : null}
            <UserLogoutButton />
          </Row>
        }
      />
      {rosterEmpty ? null : (
        <Search role="search" aria-label="Search the roster">
          <Input
            type="search"
            aria-label="Search doctors"
            placeholder="Name, email, specialty, license"
            value={search}
            maxLength={100}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
          />
        </Search>
      )}
      {doctors.isPending || (doctors.data?.items.length === 0 && !answered) ? (
        <Grid $min="300px">
          <Skeleton $height="260px" />
          <Skeleton $height="260px" />
        </Grid>
      ) : doctors.isError ? (
        <Card>
          <EmptyState title="Failed to fetch doctors" message={messageOf(doctors.error, 'Please reload the page to try again.')} />
        </Card>
      ) : rosterEmpty ? (
        <Card>
          <EmptyState
            title="No Doctors Added"
            message="Add the first doctor to start the roster."
            action={<Button onClick={() => setEditing('new')}>Add First Doctor</Button>}
          />
        </Card>
      ) : doctors.data.items.length === 0 ? (
        <Card>
          <EmptyState title="No doctors match" message={`No doctor's name, email, specialty or license number contains '${q}'.`} />
        </Card>
      ) : (
        <Grid $min="300px" aria-busy={doctors.isPlaceholderData}>
          {doctors.data.items.map((doctor) => (
            <RosterCard
              key={doctor.id}
              doctor={doctor}
              busy={control.isPending && control.variables?.doctor.id === doctor.id}
              onChange={(requested) => onRosterChange(doctor, requested)}
              onEdit={() => setEditing(doctor)}
              onResetPassword={() => resetPassword(doctor)}
            />
          ))}
        </Grid>
      )}
      <ListPager page={page} pageSize={PAGE_SIZE} total={doctors.data?.total ?? 0} onPage={setPage} />
      <SupportQueue />
      <BreakGlassReview />
      <DoctorFormDialog editing={editing} onClose={() => setEditing(null)} />
      <ResetLinkDialog reset={handedOver} onClose={() => setHandedOver(null)} />
      <ConfirmDialog
        open={deactivating !== null}
        title={`Deactivate ${deactivating?.name ?? 'this doctor'}?`}
        description="They are signed out at once and cannot sign in, and patients can no longer find or book them, until you reactivate the account. Patients already booked with them see that on their consultations, and can cancel for a full refund."
        keepLabel="Keep Active"
        confirmLabel="Deactivate"
        pendingLabel="Deactivating..."
        onConfirm={() => change(deactivating!, { isActive: false })}
        onClose={() => setDeactivating(null)}
      />
    </PortalMain>
  );
}
