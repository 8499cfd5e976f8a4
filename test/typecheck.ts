/**
 * `npm run typecheck`: tsc over the whole project. With the optional mediasoup package installed its
 * real declarations are checked; without it, a config that maps 'mediasoup' to a stand-in is used
 * (only for checking: the code that runs resolves modules through tsconfig.json, which maps nothing).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT } from './support/test-database';

const mediasoupInstalled = fs.existsSync(path.join(ROOT, 'node_modules/mediasoup/package.json'));
const project = mediasoupInstalled ? 'tsconfig.json' : 'signalling/media/tsconfig.without-mediasoup.json';
if (!mediasoupInstalled) process.stdout.write('typecheck: mediasoup is not installed; checking against its stand-in types\n');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const result = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: ROOT, stdio: 'inherit' });
process.exit(result.status ?? 1);
