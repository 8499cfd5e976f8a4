import { useState } from 'react';
import styled from 'styled-components';
import type { GuestInvitation } from '../../../common/api-types';
import { ApiError } from '../../api/client';
import { useInviteGuest } from '../../api/guests';
import { useCallClient, useCallSnapshot } from '../../call/CallContext';
import { OneTimeLink } from '../../components/OneTimeLink';
import { formatDateTime } from '../../components/records/dates';
import { Button, Dialog, Muted, Stack } from '../../components/ui';

const Bar = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 8px 12px;
  padding: 10px 16px 0;
  font-size: 0.9rem;
`;

const Waiting = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 6px;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    padding: 6px 10px;
    border-radius: 12px;
    background: rgba(245, 158, 11, 0.16);
    border: 1px solid rgba(245, 158, 11, 0.5);
  }
  span { font-weight: 600; overflow-wrap: anywhere; }
`;

const Refusal = styled.p.attrs({ role: 'alert' })`
  margin: 0;
  color: #fca5a5;
  max-width: 60ch;
  text-align: center;
`;

/**
 * The doctor's guests, under the stage: 'Invite a guest' (a single-use link, shown once with Copy; a
 * server that runs calls peer-to-peer answers why it cannot), and who waits in the lobby, with Admit and Remove.
 */
export function GuestsPanel({ consultationId }: { consultationId: string }) {
  const client = useCallClient();
  const { lobby } = useCallSnapshot();
  const invite = useInviteGuest(consultationId);
  const [invitation, setInvitation] = useState<GuestInvitation | null>(null);
  const refusal = invite.error ? (invite.error instanceof ApiError && invite.error.detail) || 'Could not make a guest link. Please try again.' : null;
  return (
    <Bar aria-label="Guests">
      {lobby.length ? (
        <Waiting aria-label="Waiting to join">
          {lobby.map((guest) => (
            <li key={guest.guestId}>
              <span>{guest.name} (guest) is waiting to join</span>
              <Button $size="sm" onClick={() => void client.admitGuest(guest.guestId)} aria-label={`Admit ${guest.name}`}>
                Admit
              </Button>
              <Button $size="sm" $variant="danger" onClick={() => void client.removeGuest(guest.guestId)} aria-label={`Remove ${guest.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </Waiting>
      ) : null}
      <Button $size="sm" $variant="secondary" disabled={invite.isPending} onClick={() => invite.mutate(undefined, { onSuccess: setInvitation })}>
        Invite a guest
      </Button>
      {refusal ? <Refusal>{refusal}</Refusal> : null}
      <Dialog open={Boolean(invitation)} title="Invite a guest" onClose={() => setInvitation(null)}>
        <Stack $gap="12px">
          <Muted>
            Send this link to the guest (an interpreter, a relative, a colleague). It works once, until{' '}
            {invitation ? formatDateTime(invitation.guest.expiresAt) : ''}; they wait until you admit them. It is not shown again.
          </Muted>
          <OneTimeLink link={invitation?.link ?? ''} label="Guest link" afterCopy="Send it to your guest; you admit them when they arrive." onDone={() => setInvitation(null)} />
        </Stack>
      </Dialog>
    </Bar>
  );
}
