import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What MediVault is',
    body: (
      <p>
        MediVault keeps your medical reports, medications and appointments in one place and lets you consult doctors by video, audio or chat. It
        is run by the organisation that operates this server (the operator); the software itself is open source.
      </p>
    ),
  },
  {
    heading: 'Not a substitute for medical care',
    body: (
      <p>
        Summaries, extracted text and health insights are produced automatically and can be wrong. They help you read your records; they are
        not a diagnosis. In an emergency, call your local emergency number.
      </p>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <ul>
        <li>Keep your password to yourself and sign out on shared devices.</li>
        <li>Add only records that are yours, or that you are entitled to manage.</li>
        <li>Check your Access history; tell the operator if you see activity you do not recognise.</li>
      </ul>
    ),
  },
  {
    heading: 'Consultations and payments',
    body: (
      <p>
        Doctors listed here are verified by the operator before you can book them. Consultation fees and the premium plan are charged through
        Stripe; the price is shown before you pay.
      </p>
    ),
  },
  {
    heading: 'Ending your use',
    body: <p>You may stop using MediVault at any time and ask the operator to delete your account and the records in it.</p>,
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="22 November 2026"
      intro="These terms are short on purpose. By creating an account you agree to them."
      sections={SECTIONS}
    />
  );
}
