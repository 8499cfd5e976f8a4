import { PageHeading } from '../../components/PageHeading';

export default function PremiumPage() {
  return <PageHeading title="Premium" />;
}
