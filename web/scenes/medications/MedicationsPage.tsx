import { PageHeading } from '../../components/PageHeading';

export default function MedicationsPage() {
  return <PageHeading title="Medications" />;
}
