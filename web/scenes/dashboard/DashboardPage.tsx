import { PageHeading } from '../../components/PageHeading';

export default function DashboardPage() {
  return <PageHeading title="Dashboard" />;
}
