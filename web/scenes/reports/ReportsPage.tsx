import { PageHeading } from '../../components/PageHeading';

export default function ReportsPage() {
  return <PageHeading title="Medical Reports" />;
}
