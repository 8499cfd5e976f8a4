import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button, Card, FieldError, Input, Label, Muted, Stack } from '../../components/ui';
import { decodeShlink, UnreadableLink, type ShlinkPayload } from '../../../common/smart-health-link';
import { LinkUnavailable, PasscodeRefused, openSharedRecords } from '../../shared-records/receiver';
import { sharedRecordsView, type SharedRecordsView as View } from '../../shared-records/fhir-view';
import { SharedRecordsView } from './SharedRecordsView';
import { formatShortDate } from '../../components/records/dates';

const Page = styled.main`
  max-width: 860px;
  margin: 0 auto;
  padding: 24px 16px 48px;
  h1 {
    font-size: 1.6rem;
    margin: 0 0 4px;
  }
  h2 {
    font-size: 1.15rem;
    margin: 16px 0 8px;
  }
`;

/** The protocol version this viewer reads. */
const SUPPORTED_VERSION = 1;

function readLink(): { payload: ShlinkPayload } | { problem: string } {
  try {
    const payload = decodeShlink(window.location.hash);
    if ((payload.v ?? 1) > SUPPORTED_VERSION) return { problem: 'This link was made for a newer viewer. Open it in an up-to-date SMART Health Links app.' };
    if (payload.exp && payload.exp * 1000 < Date.now()) return { problem: `This link expired on ${formatShortDate(new Date(payload.exp * 1000).toISOString())}. Ask the patient for a new one.` };
    return { payload };
  } catch (err) {
    return { problem: err instanceof UnreadableLink ? err.message : 'This page opens SMART Health Links; no link was given.' };
  }
}

/**
 * /shl#shlink:/...: a shared link opened without an account. The key stays in the page (the fragment is
 * never sent); the records are fetched encrypted, decrypted here and shown.
 */
export default function SharedRecordsPage() {
  const link = useMemo(readLink, []);
  const [recipient, setRecipient] = useState('');
  const [passcode, setPasscode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const [view, setView] = useState<View | null>(null);

  if ('problem' in link) {
    return (
      <Page>
        <h1>Shared health records</h1>
        <Card>
          <Muted role="alert">{link.problem}</Muted>
        </Card>
      </Page>
    );
  }
  const { payload } = link;
  const needsPasscode = payload.flag?.includes('P') ?? false;

  const open = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!recipient.trim()) return setProblem('Enter your name, so the patient knows who opened their records.');
    if (needsPasscode && !passcode) return setProblem('Enter the passcode the patient gave you.');
    setOpening(true);
    setProblem(null);
    try {
      const [bundle] = await openSharedRecords(payload, recipient.trim(), needsPasscode ? passcode : undefined);
      setView(sharedRecordsView(bundle));
    } catch (err) {
      setProblem(err instanceof PasscodeRefused || err instanceof LinkUnavailable ? err.message : 'The link could not be opened. Please try again.');
    } finally {
      setOpening(false);
    }
  };

  return (
    <Page>
      <h1>{payload.label ?? 'Shared health records'}</h1>
      <Muted>
        Shared through a SMART Health Link{view?.patientName ? ` by ${view.patientName}` : ''}
        {payload.exp ? `, open until ${formatShortDate(new Date(payload.exp * 1000).toISOString())}` : ''}.
      </Muted>
      {view ? (
        <SharedRecordsView view={view} />
      ) : (
        <Card style={{ marginTop: 16 }}>
          <form onSubmit={(event) => void open(event)} noValidate aria-label="Open the shared records">
            <Stack $gap="12px">
            <Muted>The patient sees who opened their records and when. The records are decrypted on this device.</Muted>
            <Label htmlFor="shl-recipient">
              Your name (and clinic)
              <Input id="shl-recipient" value={recipient} onChange={(event) => setRecipient(event.target.value)} autoComplete="name" maxLength={200} />
            </Label>
            {needsPasscode ? (
              <Label htmlFor="shl-passcode">
                Passcode
                <Input id="shl-passcode" type="password" value={passcode} onChange={(event) => setPasscode(event.target.value)} autoComplete="off" />
              </Label>
            ) : null}
            {problem ? <FieldError>{problem}</FieldError> : null}
            <Button type="submit" disabled={opening}>
              {opening ? 'Opening...' : 'Open the records'}
            </Button>
            </Stack>
          </form>
        </Card>
      )}
    </Page>
  );
}
