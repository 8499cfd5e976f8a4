/** Retries `attempt` each second until it resolves; fails with the last reason after `timeoutMs`. */
export async function eventually<T>(what: string, attempt: () => Promise<T>, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      return await attempt();
    } catch (err) {
      last = err;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s: ${String(last)}`);
}

/** Like `eventually`, for a condition: retries until it holds. */
export function until(what: string, holds: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  return eventually(
    what,
    async () => {
      if (!(await holds())) throw new Error('not yet');
    },
    timeoutMs,
  );
}
