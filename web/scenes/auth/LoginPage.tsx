import { PageHeading } from '../../components/PageHeading';

export default function LoginPage() {
  return <PageHeading title="Sign In" />;
}
