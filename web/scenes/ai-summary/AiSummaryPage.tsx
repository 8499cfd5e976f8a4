import { PageHeading } from '../../components/PageHeading';

export default function AiSummaryPage() {
  return <PageHeading title="AI Summary" />;
}
