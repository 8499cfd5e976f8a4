import { PageHeading } from '../../components/PageHeading';

export default function TermsPage() {
  return <PageHeading title="Terms of Service" />;
}
