import { PageHeading } from '../../components/PageHeading';

export default function AccessHistoryPage() {
  return <PageHeading title="Access history" />;
}
