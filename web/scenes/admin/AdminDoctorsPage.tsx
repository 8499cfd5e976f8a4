import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PublicDoctor } from '../../../common/api-types';
import { adminDoctorsQuery, useSetVerification } from '../../api/admin';
import { PageHeading } from '../../components/PageHeading';
import { Button, Card, EmptyState, Grid, Icon, Row, Skeleton } from '../../components/ui';
import { showToast } from '../../components/toast';
import { UserLogoutButton } from '../../components/consultations/LogoutButton';
import { PortalMain } from '../../components/consultations/PortalMain';
import { messageOf } from '../../api/auth';
import { ICONS } from '../../components/consultations/icons';
import { DoctorFormDialog } from './DoctorFormDialog';
import { RosterCard } from './RosterCard';

export default function AdminDoctorsPage() {
  const doctors = useQuery(adminDoctorsQuery);
  const verification = useSetVerification();
  const [editing, setEditing] = useState<PublicDoctor | 'new' | null>(null);

  const toggleVerified = async (doctor: PublicDoctor) => {
    try {
      const updated = await verification.mutateAsync({ id: doctor.id, isVerified: !doctor.isVerified });
      showToast('Verification Updated', `${updated.name} is ${updated.isVerified ? 'now verified' : 'no longer verified'}.`, 'success');
    } catch (error) {
      showToast('Error', messageOf(error, 'Failed to update verification status'), 'destructive');
    }
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
        subtitle="Add, edit and verify the doctors patients can book"
        actions={
          <Row $wrap $justify="flex-end">
            {doctors.data?.length ? addButton : null}
            <UserLogoutButton />
          </Row>
        }
      />
      {doctors.isPending ? (
        <Grid $min="300px">
          <Skeleton $height="260px" />
          <Skeleton $height="260px" />
        </Grid>
      ) : doctors.isError ? (
        <Card>
          <EmptyState title="Failed to fetch doctors" message={messageOf(doctors.error, 'Please reload the page to try again.')} />
        </Card>
      ) : doctors.data.length === 0 ? (
        <Card>
          <EmptyState
            title="No Doctors Added"
            message="Add the first doctor to start the roster."
            action={<Button onClick={() => setEditing('new')}>Add First Doctor</Button>}
          />
        </Card>
      ) : (
        <Grid $min="300px">
          {doctors.data.map((doctor) => (
            <RosterCard
              key={doctor.id}
              doctor={doctor}
              verifying={verification.isPending && verification.variables?.id === doctor.id}
              onToggleVerified={() => toggleVerified(doctor)}
              onEdit={() => setEditing(doctor)}
            />
          ))}
        </Grid>
      )}
      <DoctorFormDialog editing={editing} onClose={() => setEditing(null)} />
    </PortalMain>
  );
}
