import { useEffect, useState } from 'react';

/** Typing pauses this long before a search is asked of the server: one request per word, not per keystroke. */
const TYPING_PAUSE_MS = 300;

/** `value` once it has stayed the same for `pauseMs`: what a search box sends while its owner is still typing. */
export function useSettledValue<T>(value: T, pauseMs = TYPING_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), pauseMs);
    return () => clearTimeout(timer);
  }, [value, pauseMs]);
  return settled;
}
