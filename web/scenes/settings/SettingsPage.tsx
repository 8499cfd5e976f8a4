import styled from 'styled-components';
import { PageHeading } from '../../components/PageHeading';
import { TwoColumns } from '../../components/ui';
import { ChangePasswordCard } from '../security/ChangePasswordCard';
import { DevicesCard } from '../security/DevicesCard';
import { TwoStepCard } from '../security/TwoStepCard';
import { ProfileCard } from './ProfileCard';
import { AppearanceCard } from './AppearanceCard';
import { YourDataCard } from './YourDataCard';
import { ImportRecordsCard } from './ImportRecordsCard';
import { ShareWithDoctorCard } from './ShareWithDoctorCard';
import { DeleteAccountCard } from './DeleteAccountCard';
import { OfflinePinCard } from './OfflinePinCard';
import { HelpCard } from './HelpCard';

/** Its cards as wide as the column, never as wide as their widest content (a file input's is wider than a 360 px phone). */
const Column = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
`;

const SectionTitle = styled.h2`
  margin: 8px 0 0;
  font-size: 1.1rem;
`;

/** /settings: the patient's profile, appearance, data (export, sharing with a doctor, import), help (support), and security (password, devices, two-step verification, the offline PIN), and leaving. */
export default function SettingsPage() {
  return (
    <>
      <PageHeading title="Settings" subtitle="Your profile, your data and how you sign in." />
      <TwoColumns>
        <Column>
          <ProfileCard />
          <YourDataCard />
          <ShareWithDoctorCard />
          <ImportRecordsCard />
          <AppearanceCard />
          <HelpCard />
        </Column>
        <Column>
          <SectionTitle id="security">Security</SectionTitle>
          <ChangePasswordCard />
          <DevicesCard />
          <TwoStepCard />
          <OfflinePinCard />
          <DeleteAccountCard />
        </Column>
      </TwoColumns>
    </>
  );
}
