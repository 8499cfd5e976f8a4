import { PageHeading } from '../../components/PageHeading';

export default function DoctorLoginPage() {
  return <PageHeading title="Doctor Portal" />;
}
