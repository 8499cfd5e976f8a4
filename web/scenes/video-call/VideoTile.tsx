import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { canChooseSpeaker } from './useMediaDevices';
import { nameInitials } from '../../../common/names';

const Frame = styled.div<{ $mirrored?: boolean; $fit: 'cover' | 'contain' }>`
  position: relative;
  width: 100%;
  height: 100%;
  background: #0f172a;
  overflow: hidden;
  video {
    width: 100%;
    height: 100%;
    object-fit: ${({ $fit }) => $fit};
    transform: ${({ $mirrored }) => ($mirrored ? 'scaleX(-1)' : 'none')};
    display: block;
  }
`;

const Overlay = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  align-content: center;
  gap: 12px;
  padding: 16px;
  text-align: center;
  color: #e2e8f0;
  background: radial-gradient(circle at 50% 40%, #1e293b 0%, #0f172a 70%);
`;

const Avatar = styled.div<{ $size: number }>`
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  background: ${({ theme }) => theme.colors.primary};
  color: white;
  font-weight: 700;
  font-size: ${({ $size }) => $size / 2.6}px;
  box-shadow: 0 0 0 6px rgba(15, 118, 110, 0.25);
`;

interface VideoTileProps {
  stream: MediaStream | null;
  testId: string;
  /** The person shown, for the avatar when there is no picture; empty while nobody is known yet (no avatar). */
  name: string;
  muted?: boolean;
  mirrored?: boolean;
  fit?: 'cover' | 'contain';
  /** Shown over the video instead of it (waiting, camera off). */
  overlay?: React.ReactNode;
  avatarSize?: number;
  /** The audio output to play on (setSinkId); '' is the system's default. */
  sinkId?: string;
  children?: React.ReactNode;
}

/** A <video> bound to a MediaStream, with an avatar overlay when there is nothing to show. */
export function VideoTile({ stream, testId, name, muted, mirrored, fit = 'cover', overlay, avatarSize = 96, sinkId, children }: VideoTileProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || video.srcObject === stream) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => {});
  }, [stream]);
  useEffect(() => {
    const video = ref.current;
    if (video && sinkId !== undefined && canChooseSpeaker && video.sinkId !== sinkId) void video.setSinkId(sinkId).catch(() => {});
  }, [sinkId]);
  return (
    <Frame $mirrored={mirrored} $fit={fit}>
      <video ref={ref} data-testid={testId} autoPlay playsInline muted={muted} />
      {overlay ? (
        <Overlay>
          {name ? <Avatar $size={avatarSize}>{nameInitials(name)}</Avatar> : null}
          {overlay}
        </Overlay>
      ) : null}
      {children}
    </Frame>
  );
}
