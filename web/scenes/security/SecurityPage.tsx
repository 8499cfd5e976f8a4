import styled from 'styled-components';
import { PageHeading } from '../../components/PageHeading';
import { ChangePasswordCard } from './ChangePasswordCard';
import { DevicesCard } from './DevicesCard';

const Layout = styled.div`
  display: grid;
  gap: 16px;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`;

/** /security: the patient's password and signed-in devices. */
export default function SecurityPage() {
  return (
    <>
      <PageHeading title="Security" subtitle="Your password and the devices signed in to your account." />
      <Layout>
        <ChangePasswordCard />
        <DevicesCard />
      </Layout>
    </>
  );
}
