import { PageHeading } from '../../components/PageHeading';

export default function PrivacyPage() {
  return <PageHeading title="Privacy Policy" />;
}
