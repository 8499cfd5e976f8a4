import { PageHeading } from '../../components/PageHeading';

export default function AdminDoctorsPage() {
  return <PageHeading title="Doctor Management" />;
}
