import { useEffect, useState } from 'react';

/** The time now (ms), refreshed every `everyMs`: for durations shown live, such as how long a patient has waited. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
