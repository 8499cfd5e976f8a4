import { useEffect, useRef } from 'react';
import { whenIdle } from '../../when-idle';

const SAMPLE_MS = 50;

/**
 * Calls `onLevel` with the microphone's loudness (RMS amplitude, 0 to 1) every 50 ms while `track` is
 * given. It listens through a clone of the track, so a muted microphone (its track disabled) is heard too.
 */
export function useMicLevel(track: MediaStreamTrack | null, onLevel: (level: number) => void): void {
  const listener = useRef(onLevel);
  useEffect(() => {
    listener.current = onLevel;
  });
  useEffect(() => {
    if (!track || track.readyState === 'ended') return;
    const clone = track.clone();
    clone.enabled = true;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    context.createMediaStreamSource(new MediaStream([clone])).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    // A browser may hold an AudioContext made before any interaction until the user touches the page.
    const resume = () => void context.resume();
    document.addEventListener('pointerdown', resume);
    document.addEventListener('keydown', resume);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      listener.current(Math.sqrt(sum / samples.length));
    }, SAMPLE_MS);
    return () => {
      clearInterval(timer);
      document.removeEventListener('pointerdown', resume);
      document.removeEventListener('keydown', resume);
      // Releasing the audio graph takes the page several milliseconds: not while the call screen opens.
      whenIdle(() => {
        clone.stop();
        void context.close();
      });
    };
  }, [track]);
}
