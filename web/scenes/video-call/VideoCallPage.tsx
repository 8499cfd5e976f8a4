import { PageHeading } from '../../components/PageHeading';

export default function VideoCallPage() {
  return <PageHeading title="Video Consultation" />;
}
