/**
 * Polls `read` until it gives something truthy and returns that; fails naming `what` after `ms`. For work that
 * happens on its own time: a job queue, a push, another process.
 */
export async function pollFor<T>(what: string, read: () => T | Promise<T>, ms = 20_000, everyMs = 200): Promise<NonNullable<T>> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
