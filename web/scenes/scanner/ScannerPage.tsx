import { PageHeading } from '../../components/PageHeading';

export default function ScannerPage() {
  return <PageHeading title="Scan Document" />;
}
