import styled from 'styled-components';
import type { Participant } from '../../../common/socket-events';
import type { TrackState } from '../../call/CallClient';
import { Button } from '../../components/ui';
import { VideoTile } from './VideoTile';

/** One person's cell of the stage, named for screen readers by its caption. */
export const Tile = styled.figure`
  position: relative;
  margin: 0;
  min-width: 0;
  min-height: 0;
  border-radius: 16px;
  overflow: hidden;
`;

export const NameTag = styled.figcaption`
  position: absolute;
  left: 10px;
  bottom: 10px;
  max-width: calc(100% - 20px);
  display: flex;
  align-items: center;
  gap: 6px;
  flex-wrap: wrap;
  padding: 4px 10px;
  border-radius: 999px;
  background: rgba(2, 6, 23, 0.72);
  color: white;
  font-size: 0.8rem;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Hint = styled.p`
  margin: 0;
  color: #94a3b8;
  font-size: 0.9rem;
`;

/** How a participant is named on their tile: a guest is marked as one, so nobody takes them for a clinician. */
const tileName = (participant: Participant): string => (participant.role === 'guest' ? `${participant.name} (guest)` : participant.name);

interface ParticipantTileProps {
  participant: Participant;
  stream: MediaStream | undefined;
  tracks: TrackState | undefined;
  sinkId: string;
  /** The doctor's Remove, on a guest's tile. */
  onRemove?: () => void;
}

/** A third or fourth person in the call (through the SFU): their picture, their name, and what they switched off. */
export function ParticipantTile({ participant, stream, tracks, sinkId, onRemove }: ParticipantTileProps) {
  const name = tileName(participant);
  const overlay = participant.reconnecting ? (
    <Hint>{`${name} is reconnecting...`}</Hint>
  ) : !stream ? (
    <Hint>{`Connecting to ${name}...`}</Hint>
  ) : tracks && !tracks.video && !tracks.screen ? (
    <Hint>Camera off</Hint>
  ) : undefined;
  return (
    <Tile aria-label={name}>
      <VideoTile stream={stream ?? null} testId="participant-video" name={participant.name} fit={tracks?.screen ? 'contain' : 'cover'} overlay={overlay} avatarSize={64} sinkId={sinkId} />
      <NameTag>
        {name}
        {tracks && !tracks.audio ? <span>· Muted</span> : null}
        {onRemove ? (
          <Button $size="sm" $variant="danger" onClick={onRemove} aria-label={`Remove ${name} from the call`}>
            Remove
          </Button>
        ) : null}
      </NameTag>
    </Tile>
  );
}
