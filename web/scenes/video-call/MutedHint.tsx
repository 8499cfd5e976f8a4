import { useRef, useState } from 'react';
import styled from 'styled-components';
import { useMicLevel } from './useMicLevel';

/** Louder than room noise, about -34 dBFS: someone talking at the microphone. */
const SPEECH_LEVEL = 0.02;
/** Speech is several loud moments (50 ms samples) within a few seconds: a lone knock is not. */
const SPEECH_WINDOW_MS = 3000;
const LOUD_SAMPLES = 3;

const Hint = styled.p`
  margin: 10px auto 0;
  width: fit-content;
  padding: 8px 14px;
  border-radius: 999px;
  background: #f8fafc;
  color: #0f172a;
  font-size: 0.9rem;
  font-weight: 600;
  box-shadow: 0 6px 20px rgba(0, 0, 0, 0.35);
  &:empty { display: none; }
`;

/**
 * Mounted while the microphone is muted: says 'You are muted' when the user speaks anyway, hearing the
 * microphone through a clone of its (disabled) track.
 */
export function MutedHint({ mic }: { mic: MediaStreamTrack }) {
  const [speaking, setSpeaking] = useState(false);
  const loud = useRef<number[]>([]);
  useMicLevel(mic, (level) => {
    const now = performance.now();
    loud.current = loud.current.filter((at) => now - at < SPEECH_WINDOW_MS);
    if (level > SPEECH_LEVEL) loud.current.push(now);
    setSpeaking(loud.current.length >= LOUD_SAMPLES);
  });
  return <Hint role="status">{speaking ? 'You are muted' : null}</Hint>;
}
