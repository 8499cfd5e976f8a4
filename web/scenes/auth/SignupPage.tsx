import { PageHeading } from '../../components/PageHeading';

export default function SignupPage() {
  return <PageHeading title="Join MediVault" />;
}
