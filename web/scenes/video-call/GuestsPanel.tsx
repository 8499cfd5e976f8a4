import { useState } from 'react';
import styled from 'styled-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestInvitation } from '../../../common/api-types';
import { GUESTS_NEED_SFU } from '../../../common/constants';
import { ApiError } from '../../api/client';
import { consultationGuestsQuery, useGuestDecision, useInviteGuest } from '../../api/guests';
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

/** On the call's own dark background in either theme, where the theme's muted grey would not read. */
const StageNote = styled.p`
  margin: 0;
  color: #94a3b8;
  text-align: center;
`;

const Refusal = styled.p.attrs({ role: 'alert' })`
  margin: 0;
  color: #fca5a5;
  max-width: 60ch;
  text-align: center;
`;

/** What each side is told of a new link, in the dialog that shows it once. */
const INVITATION_TEXT = {
  doctor: {
    works: 'It works once, until',
    wait: 'they wait until you admit them.',
    afterCopy: 'Send it to your guest; you admit them when they arrive.',
  },
  patient: {
    works: 'The doctor approves it first; then it works once, until',
    wait: 'the doctor lets them in when they arrive.',
    afterCopy: 'Send it to your guest; it works once the doctor approves it.',
  },
} as const;

/**
 * The guests of a call, under the stage. Either side may 'Invite a guest' (a single-use link, shown once
 * with Copy; on a server that runs calls peer-to-peer, a line saying why there are none stands in its
 * place): the doctor's works at once, the patient's once the doctor approves it. The doctor sees the
 * patient's requests with Approve and Decline, and who waits in the lobby with Admit and Remove; the patient
 * sees their requests still waiting, with Withdraw.
 * Each side also sees the guest places held by no one in the call, which a new invitation would be refused
 * for: links not used yet (the doctor's all, the patient's own), with Withdraw, and, for the doctor, guests
 * who opened their link and are not in the call (nor waiting to be let in), with Remove.
 */
export function GuestsPanel({ consultationId, role, patientName }: { consultationId: string; role: 'doctor' | 'patient'; patientName: string }) {
  const client = useCallClient();
  const { lobby, guestsChanged, participants, media } = useCallSnapshot();
  const queryClient = useQueryClient();
  const invite = useInviteGuest(consultationId);
  const decide = useGuestDecision(consultationId);
  const guests = useQuery(consultationGuestsQuery(consultationId, guestsChanged));
  const [invitation, setInvitation] = useState<GuestInvitation | null>(null);
  const failed = invite.error ?? decide.error;
  const refusal = failed ? (failed instanceof ApiError && failed.detail) || 'Could not change the guest links. Please try again.' : null;
  const requests = (guests.data ?? []).filter((guest) => guest.status === 'awaiting_approval');
  const inTheCall = new Set([...participants, ...lobby].map((person) => person.guestId));
  const unusedLinks = (guests.data ?? []).filter(
    (guest) => guest.status === 'invited' && Date.parse(guest.expiresAt) > Date.now() && (role === 'doctor' || guest.invitedBy === 'patient'),
  );
  const goneGuests = role === 'doctor' ? (guests.data ?? []).filter((guest) => guest.status === 'joined' && !inTheCall.has(guest.id)) : [];
  const text = role === 'doctor' ? INVITATION_TEXT.doctor : INVITATION_TEXT.patient;
  const reread = () => void queryClient.invalidateQueries({ queryKey: consultationGuestsQuery(consultationId).queryKey.slice(0, 3) });
  // A place freed makes an earlier refusal to invite stale.
  const decideOn = (guestId: string, decision: 'approve' | 'withdraw') => decide.mutate({ guestId, decision }, { onSuccess: () => invite.reset(), onSettled: reread });
  return (
    <Bar aria-label="Guests">
      {requests.length ? (
        <Waiting aria-label={role === 'doctor' ? 'Guests the patient asked for' : 'Your guest requests'}>
          {requests.map((guest) =>
            role === 'doctor' ? (
              <li key={guest.id}>
                <span>{patientName} asked to invite a guest</span>
                <Button $size="sm" disabled={decide.isPending} onClick={() => decideOn(guest.id, 'approve')}>
                  Approve
                </Button>
                <Button $size="sm" $variant="danger" disabled={decide.isPending} onClick={() => decideOn(guest.id, 'withdraw')}>
                  Decline
                </Button>
              </li>
            ) : (
              <li key={guest.id}>
                <span>Your guest link is waiting for the doctor's approval</span>
                <Button $size="sm" $variant="danger" disabled={decide.isPending} onClick={() => decideOn(guest.id, 'withdraw')}>
                  Withdraw
                </Button>
              </li>
            ),
          )}
        </Waiting>
      ) : null}
      {unusedLinks.length || goneGuests.length ? (
        <Waiting aria-label="Guest places held">
          {unusedLinks.map((guest) => (
            <li key={guest.id}>
              <span>Guest link not used yet, works until {formatDateTime(guest.expiresAt)}</span>
              <Button $size="sm" $variant="danger" disabled={decide.isPending} onClick={() => decideOn(guest.id, 'withdraw')} aria-label={`Withdraw the unused link that works until ${formatDateTime(guest.expiresAt)}`}>
                Withdraw
              </Button>
            </li>
          ))}
          {goneGuests.map((guest) => (
            <li key={guest.id}>
              <span>{guest.name} (guest) is not in the call</span>
              <Button $size="sm" $variant="danger" disabled={decide.isPending} onClick={() => decideOn(guest.id, 'withdraw')} aria-label={`Remove ${guest.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </Waiting>
      ) : null}
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
      {media === 'p2p' ? (
        <StageNote>{GUESTS_NEED_SFU}</StageNote>
      ) : (
        <Button
          $size="sm"
          $variant="secondary"
          disabled={invite.isPending}
          onClick={() =>
            invite.mutate(undefined, {
              onSuccess: (made) => {
                setInvitation(made);
                reread();
              },
            })
          }
        >
          Invite a guest
        </Button>
      )}
      {refusal ? <Refusal>{refusal}</Refusal> : null}
      <Dialog open={Boolean(invitation)} title="Invite a guest" onClose={() => setInvitation(null)}>
        <Stack $gap="12px">
          <Muted>
            Send this link to the guest (an interpreter, a relative, a colleague). {text.works}{' '}
            {invitation ? formatDateTime(invitation.guest.expiresAt) : ''}; {text.wait} It is not shown again.
          </Muted>
          <OneTimeLink link={invitation?.link ?? ''} label="Guest link" afterCopy={text.afterCopy} onDone={() => setInvitation(null)} />
        </Stack>
      </Dialog>
    </Bar>
  );
}
