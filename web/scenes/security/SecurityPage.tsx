import styled from 'styled-components';
import { PageHeading } from '../../components/PageHeading';
import { ChangePasswordCard } from './ChangePasswordCard';
import { DevicesCard } from './DevicesCard';
import { TwoStepCard } from './TwoStepCard';

const Layout = styled.div`
  display: grid;
  gap: 16px;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`;

/** /security: the patient's password, signed-in devices and two-step verification. */
export default function SecurityPage() {
  return (
    <>
      <PageHeading title="Security" subtitle="Your password, two-step verification and the devices signed in to your account." />
      <Layout>
        <ChangePasswordCard />
        <DevicesCard />
        <TwoStepCard />
      </Layout>
    </>
  );
}
