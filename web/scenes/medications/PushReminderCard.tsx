import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { disablePush, enablePush, pushState, type PushState } from '../../api/reminders';
import { showToast } from '../../components/toast';
import { Button, Card } from '../../components/ui';

const Row = styled(Card)`
  display: flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
  margin-bottom: 12px;
  div { flex: 1; min-width: 200px; }
  h2 { margin: 0; font-size: 1rem; }
  p { margin: 2px 0 0; font-size: 0.88rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const TEXT: Record<PushState, string> = {
  on: 'This device shows a notification when a dose, appointment or consultation is due. It says only "MediVault reminder".',
  off: 'Get a notification on this device when a dose, appointment or consultation is due.',
  denied: 'Notifications are blocked for MediVault in this browser. Allow them in the browser settings to get reminders.',
  unsupported:
    'This browser cannot receive notifications. To get reminders as notifications, open MediVault in another browser (such as Chrome, Edge, Firefox or Safari) or install it as an app. The bell on the dashboard still lists them.',
};

/** Turns push reminders on or off for this browser: permission is asked only when the patient clicks. */
export function PushReminderCard() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void pushState().then(setState);
  }, []);
  const change = async (to: () => Promise<PushState>) => {
    setBusy(true);
    try {
      setState(await to());
    } catch {
      showToast('Reminders could not be changed', 'Please try again.', 'destructive');
    } finally {
      setBusy(false);
    }
  };
  if (!state) return null;
  return (
    <Row as="section" aria-labelledby="push-reminders-heading">
      <div>
        <h2 id="push-reminders-heading">Reminders on this device</h2>
        <p>{TEXT[state]}</p>
      </div>
      {state === 'off' ? (
        <Button onClick={() => change(enablePush)} disabled={busy}>
          Turn on reminders
        </Button>
      ) : state === 'on' ? (
        <Button $variant="secondary" onClick={() => change(disablePush)} disabled={busy}>
          Turn off
        </Button>
      ) : null}
    </Row>
  );
}
