/**
 * `npm run image`: builds the production image (Containerfile) with podman or docker, whichever is here.
 * The mediasoup worker matching the installed package goes into container/worker/ first, taken from
 * MEDIASOUP_WORKER_BIN or ../shared/bin; without one, mediasoup's install in the image fetches its own.
 * NODE_EXTRA_CA_CERTS, where set, goes into container/ca/ for the build stage's installs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TAG = process.env.IMAGE_TAG ?? 'localhost/medivault:latest';

function containerEngine(): string {
  for (const engine of ['podman', 'docker']) {
    if (spawnSync(engine, ['--version'], { stdio: 'ignore' }).status === 0) return engine;
  }
  throw new Error('Neither podman nor docker is installed: install one to build the image.');
}

function workerSource(): string | undefined {
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).optionalDependencies.mediasoup as string;
  const candidates = [process.env.MEDIASOUP_WORKER_BIN, path.join(ROOT, '..', 'shared', 'bin', `mediasoup-worker-${version}`)];
  return candidates.find((file): file is string => Boolean(file) && fs.existsSync(file!));
}

/** Puts `source` at `target` for the build, or makes sure no stale copy is left there. */
function stage(source: string | undefined, target: string): void {
  if (source) fs.copyFileSync(source, target);
  else fs.rmSync(target, { force: true });
}

const worker = workerSource();
stage(worker, path.join(ROOT, 'container', 'worker', 'mediasoup-worker'));
stage(process.env.NODE_EXTRA_CA_CERTS, path.join(ROOT, 'container', 'ca', 'extra.pem'));
process.stdout.write(`Building ${TAG}${worker ? ` with the mediasoup worker ${worker}` : ''}\n`);
const engine = containerEngine();
const build = spawnSync(engine, ['build', ...(engine === 'podman' ? ['--format', 'docker'] : []), '--file', 'Containerfile', '--tag', TAG, ...process.argv.slice(2), '.'], { cwd: ROOT, stdio: 'inherit' });
process.exit(build.status ?? 1);
