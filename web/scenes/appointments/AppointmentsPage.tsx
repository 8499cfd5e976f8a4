import { PageHeading } from '../../components/PageHeading';

export default function AppointmentsPage() {
  return <PageHeading title="Appointments" />;
}
