import styled from 'styled-components';
import { Button, Muted, Stack } from '../ui';
import { showToast } from '../toast';

const Codes = styled.ol`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 6px 16px;
  margin: 0;
  padding-left: 24px;
  font-family: ui-monospace, monospace;
  font-size: 1rem;
`;

/** Recovery codes, shown this once: each signs in once if the authenticator is lost. */
export function RecoveryCodesPanel({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel: string }) {
  const copy = () =>
    void navigator.clipboard
      .writeText(codes.join('\n'))
      .then(() => showToast('Recovery codes copied', 'Keep them somewhere safe, away from this device.', 'success'))
      .catch(() => showToast('Could not copy', 'Select the codes and copy them by hand.', 'destructive'));
  return (
    <Stack $gap="12px" data-testid="recovery-codes">
      <h3>Save your recovery codes</h3>
      <Muted>If you lose your phone, each of these codes signs you in once. They are shown only now: keep them somewhere safe.</Muted>
      <Codes>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Codes>
      <Button type="button" $variant="secondary" onClick={copy}>
        Copy codes
      </Button>
      <Button type="button" onClick={onDone}>
        {doneLabel}
      </Button>
    </Stack>
  );
}
