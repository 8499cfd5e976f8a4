import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What we keep',
    body: (
      <p>
        Your name, username, email, optional phone and emergency contact, and the records you add: reports, medications, appointments and
        consultations. Documents you scan are kept with the report they produced.
      </p>
    ),
  },
  {
    heading: 'Who can see it',
    body: (
      <ul>
        <li>You.</li>
        <li>A doctor you booked, and only for the patients in their own consultations.</li>
        <li>Nobody else: administrators manage the doctor roster, not your records.</li>
      </ul>
    ),
  },
  {
    heading: 'How it is protected',
    body: (
      <ul>
        <li>Passwords are stored only as argon2id hashes; biometric login uses passkeys, so your fingerprint or face never leaves your device.</li>
        <li>Sessions live on the server and end when you sign out or after a period of inactivity.</li>
        <li>Repeated failed sign-ins are slowed down, per account and per network address.</li>
        <li>Every view or change of your records is written to an audit trail you can read under Access history.</li>
      </ul>
    ),
  },
  {
    heading: 'HIPAA',
    body: (
      <p>
        MediVault provides the technical safeguards HIPAA asks for (access control, audit trails, encrypted transport). Whether a particular
        service is HIPAA compliant also depends on how its operator hosts and runs it; ask your operator if it matters to you.
      </p>
    ),
  },
  {
    heading: 'What we never do',
    body: <p>We do not sell your data, show advertising, or share your records with anyone you have not booked.</p>,
  },
  {
    heading: 'Your choices',
    body: <p>You can ask the operator for a copy of your data, for corrections, or for deletion of your account and everything in it.</p>,
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="22 November 2026"
      intro="Your medical data is yours. This page says plainly what MediVault keeps, who can see it and how it is protected."
      sections={SECTIONS}
    />
  );
}
