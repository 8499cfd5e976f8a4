/**
 * npm's `postinstall` for this project. `npm install` runs on whatever Node the machine has; npm then
 * leaves out optional packages that need a newer Node than that (mediasoup declares Node >= 22), even
 * though every script of this project runs on the Node it installs (the `node` package). So when npm
 * itself ran on another Node, install once more on the project's own Node, which brings them in.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const projectNode = path.resolve('node_modules/node/bin/node');
const npmCli = process.env.npm_execpath;
const npmNode = process.env.npm_node_execpath;

const versionOf = (node) => spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();

// The same version of Node (the container image runs npm on its own copy of it) keeps the same packages.
if (npmCli && npmNode && fs.existsSync(projectNode) && versionOf(npmNode) !== versionOf(projectNode)) {
  process.stdout.write(`MediVault: npm ran on Node ${versionOf(npmNode)}; installing once more on the project's Node ${versionOf(projectNode)}\n`);
  const pass = spawnSync(projectNode, [npmCli, 'install', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  process.exit(pass.status ?? 1);
}
