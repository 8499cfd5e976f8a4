import { PageHeading } from '../../components/PageHeading';

export default function ReportDetailPage() {
  return <PageHeading title="Report" />;
}
