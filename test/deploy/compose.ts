import { spawnSync } from 'node:child_process';
import { ROOT } from '../support/test-database';

/** `podman-compose` here; `COMPOSE="docker compose"` (or `podman compose`) elsewhere. */
const COMPOSE = (process.env.COMPOSE ?? 'podman-compose').split(' ');
const ENGINE = process.env.CONTAINER_ENGINE ?? 'podman';

export interface RunResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function run(command: string[], env: Record<string, string> = {}, input?: string): RunResult {
  const [program, ...args] = command;
  const result = spawnSync(program!, args, { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', input, maxBuffer: 256 * 1024 * 1024 });
  return { status: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

function mustRun(command: string[], env: Record<string, string> = {}): string {
  const result = run(command, env);
  if (result.status !== 0) throw new Error(`${command.join(' ')} failed (${result.status}):\n${result.stderr.slice(-4000)}${result.stdout.slice(-2000)}`);
  return result.stdout;
}

/** One compose project (its own containers, network and volumes) of compose.yaml with the given settings. */
export class Stack {
  constructor(
    readonly project: string,
    readonly env: Record<string, string>,
  ) {}

  compose(...args: string[]): string {
    return mustRun([...COMPOSE, '--project-name', this.project, '--file', 'compose.yaml', ...args], this.env);
  }

  up(...services: string[]): void {
    this.compose('up', '-d', ...services);
  }

  /** A one-off container of `service` running one of the image's tools (the entrypoint is node with tsx). */
  runOnce(service: string, args: string[]): RunResult {
    return run([...COMPOSE, '--project-name', this.project, '--file', 'compose.yaml', 'run', '--rm', '--no-deps', service, ...args], this.env);
  }

  down(): void {
    run([...COMPOSE, '--project-name', this.project, '--file', 'compose.yaml', 'down', '--volumes'], this.env);
  }

  /** The container of one service, by the labels both compose implementations set. */
  container(service: string): string {
    const names = mustRun([ENGINE, 'ps', '--all', '--filter', `label=com.docker.compose.project=${this.project}`, '--filter', `label=com.docker.compose.service=${service}`, '--format', '{{.Names}}'])
      .split('\n')
      .filter(Boolean);
    if (names.length !== 1) throw new Error(`expected one container of ${service} in ${this.project}, found ${names.length}`);
    return names[0]!;
  }

  exec(service: string, command: string[], input?: string): RunResult {
    return run([ENGINE, 'exec', ...(input === undefined ? [] : ['--interactive']), this.container(service), ...command], {}, input);
  }

  /** Sends SIGTERM as an orchestrator does, waiting up to `seconds` before SIGKILL; resolves with the exit code. */
  stop(service: string, seconds: number): { exitCode: number; stoppedInMs: number } {
    const started = Date.now();
    mustRun([ENGINE, 'stop', '--time', String(seconds), this.container(service)]);
    const stoppedInMs = Date.now() - started;
    const exitCode = Number(mustRun([ENGINE, 'inspect', '--format', '{{.State.ExitCode}}', this.container(service)]).trim());
    return { exitCode, stoppedInMs };
  }

  /** Kills the service's container at once, as a crash or an out-of-memory kill would. */
  kill(service: string): void {
    mustRun([ENGINE, 'kill', '--signal', 'KILL', this.container(service)]);
  }

  start(service: string): void {
    mustRun([ENGINE, 'start', this.container(service)]);
  }

  logs(service: string): string {
    const result = run([ENGINE, 'logs', this.container(service)]);
    return result.stdout + result.stderr;
  }
}
