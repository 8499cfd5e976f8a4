const IDLE_WAIT_MS = 2000;
const SAFARI_DELAY_MS = 500;

/**
 * Runs `task` once the browser has nothing else to do (within 2 s), so background work never delays the
 * screen being drawn; answers how to call it off.
 */
export function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(task, { timeout: IDLE_WAIT_MS });
    return () => cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback.
  const handle = setTimeout(task, SAFARI_DELAY_MS);
  return () => clearTimeout(handle);
}
