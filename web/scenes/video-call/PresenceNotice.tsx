import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useCallClient } from '../../call/CallContext';
import { doctorLabel } from '../../../common/names';
import type { Participant, ParticipantRole } from '../../../common/socket-events';

/** How long 'joined' or 'left' stays on screen. */
const SHOWN_MS = 6000;

const Notice = styled.p`
  position: absolute;
  top: 12px;
  left: 12px;
  max-width: calc(100% - 140px);
  margin: 0;
  padding: 6px 12px;
  border-radius: 999px;
  background: rgba(30, 41, 59, 0.92);
  border: 1px solid rgba(255, 255, 255, 0.2);
  color: white;
  font-size: 0.85rem;
  font-weight: 600;
  z-index: 2;
  &:empty { display: none; }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    max-width: calc(100% - 24px);
  }
`;

/** Who came or went, as the screen names them: the other side as the call names them (`otherName`), a guest as a guest. */
function presenceName(who: Participant, self: ParticipantRole | null, otherName: string): string {
  if (who.role === 'guest') return `${who.name} (guest)`;
  if (self !== 'guest') return otherName;
  return who.role === 'doctor' ? doctorLabel(who.name) : who.name;
}

/** A line over the call for a few seconds when someone joins or leaves (reconnecting is neither). */
export function PresenceNotice({ otherName }: { otherName: string }) {
  const client = useCallClient();
  const [change, setChange] = useState<{ joined: boolean; name: string } | null>(null);
  useEffect(
    () =>
      client.onNotice(
        (notice) => notice.kind === 'presence' && setChange({ joined: notice.change === 'joined', name: presenceName(notice.participant, client.getSnapshot().role, otherName) }),
      ),
    [client, otherName],
  );
  useEffect(() => {
    if (!change) return;
    const timer = setTimeout(() => setChange(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [change]);
  return <Notice role="status">{change ? `${change.name} ${change.joined ? 'joined' : 'left'} the consultation` : null}</Notice>;
}
