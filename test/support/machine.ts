import os from 'node:os';

/** The machine figures were measured on, as .data-bench/figures.json records it and docs/performance.md names it. */
export function describeMachine(): string {
  return `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`;
}
