/**
 * Ends a start that cannot go on, saying why in one JSON line shaped as the logger's (pino's fatal level),
 * so a log collector reads it like every other line. Plain Node only: it runs before any dependency
 * loads, and on a Node too old for them.
 */
export function refuseStart(reason: string): never {
  process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg: reason })}\n`);
  process.exit(1);
}
