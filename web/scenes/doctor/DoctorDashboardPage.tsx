import { PageHeading } from '../../components/PageHeading';

export default function DoctorDashboardPage() {
  return <PageHeading title="Doctor Dashboard" />;
}
