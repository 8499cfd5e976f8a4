import { PageHeading } from '../../components/PageHeading';

export default function DoctorConsultationPage() {
  return <PageHeading title="Consultation" />;
}
