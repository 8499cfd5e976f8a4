import { PageHeading } from '../../components/PageHeading';

export default function TelemedicinePage() {
  return <PageHeading title="Telemedicine" />;
}
