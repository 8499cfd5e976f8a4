import os from 'node:os';

/** The machine figures were measured on, as the README's Performance table names it. */
export function describeMachine(): string {
  return `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`;
}
