/** Why a start was refused, from its stderr: one JSON line at the logger's fatal level (server/runtime/refuse-start.ts). */
export function refusalReason(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  const line = JSON.parse(lines[0]!) as { level: number; msg: string };
  expect(line.level).toBe(60);
  return line.msg;
}
