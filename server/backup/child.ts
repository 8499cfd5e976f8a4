/** Child processes the backup runs (tar, pg_dump, pg_restore), with what they said when they fail. */
import { spawn, type SpawnOptions } from 'node:child_process';
import { PassThrough, type Readable, type Writable } from 'node:stream';

interface Finished {
  code: number;
  stderr: string;
}

/**
 * Runs a command; its stdout goes into `into` (left open) and `from` into its stdin, when given.
 * Resolves once it has exited and its output has been written.
 */
export function run(command: string, args: string[], options: { into?: Writable; from?: Readable; env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const spawnOptions: SpawnOptions = { cwd: options.cwd, env: options.env ?? process.env, stdio: [options.from ? 'pipe' : 'ignore', options.into ? 'pipe' : 'ignore', 'pipe'] };
    const child = spawn(command, args, spawnOptions);
    let stderr = '';
    child.stderr!.on('data', (data: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += data.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? new Error(`${command} was not found`) : err));
    let outputDone = Promise.resolve();
    if (options.into) {
      const into = options.into;
      outputDone = new Promise<void>((done, fail) => {
        child.stdout!.on('error', fail);
        child.stdout!.on('end', done);
      });
      child.stdout!.pipe(into, { end: false });
    }
    if (options.from) {
      options.from.on('error', (err) => child.kill() && reject(err));
      child.stdin!.on('error', () => undefined);
      options.from.pipe(child.stdin!);
    }
    child.on('close', (code, signal) => {
      outputDone.then(() => resolve({ code: code ?? (signal ? 128 : 1), stderr: stderr.trim() }), reject);
    });
  });
}

/** The output of a command that must succeed. */
export async function output(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const chunks: Buffer[] = [];
  const into = new PassThrough();
  into.on('data', (chunk: Buffer) => chunks.push(chunk));
  const { code, stderr } = await run(command, args, { into, env });
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${code}): ${stderr}`);
  return Buffer.concat(chunks).toString('utf8');
}
