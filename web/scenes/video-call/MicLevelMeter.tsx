import { useRef } from 'react';
import styled from 'styled-components';
import { useMicLevel } from './useMicLevel';

const Track = styled.div`
  height: 8px;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  width: 0%;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.success};
  transition: width 60ms linear;
`;

/** From -60 dBFS (silence) to -10 dBFS (loud speech close to the microphone), as a percentage. */
function percentOf(level: number): number {
  const db = 20 * Math.log10(Math.max(level, 1e-6));
  return Math.round(Math.min(100, Math.max(0, ((db + 60) / 50) * 100)));
}

/** How long the bar takes to fall back, per sample: it rises at once and falls gently, like a VU meter. */
const FALL = 0.85;

/** A live bar of the microphone's level, so the user sees they are heard before joining; empty until the microphone opens. */
export function MicLevelMeter({ track }: { track: MediaStreamTrack | null }) {
  const meter = useRef<HTMLDivElement>(null);
  const fill = useRef<HTMLDivElement>(null);
  const shown = useRef(0);
  // Drawn straight into the DOM: twenty React renders a second would be wasted work.
  useMicLevel(track, (level) => {
    shown.current = Math.max(percentOf(level), Math.round(shown.current * FALL));
    fill.current?.style.setProperty('width', `${shown.current}%`);
    meter.current?.setAttribute('aria-valuenow', String(shown.current));
  });
  return (
    <Track ref={meter} role="meter" aria-label="Microphone level" aria-valuemin={0} aria-valuemax={100} aria-valuenow={0}>
      <Fill ref={fill} />
    </Track>
  );
}
