import { PageHeading } from '../../components/PageHeading';

export default function HealthSummaryPage() {
  return <PageHeading title="Health Summary" />;
}
