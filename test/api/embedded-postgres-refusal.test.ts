/**
 * The embedded PostgreSQL refusing to start says why, in PostgreSQL's own words: the package rejects
 * with no reason, and 'did not start' alone leaves an operator guessing.
 */
import net from 'node:net';
import path from 'node:path';
import fs from 'node:fs/promises';
import { startEmbeddedPostgres } from '../../db/embedded';
import { freePort } from '../support/server-process';
import { ROOT } from '../support/test-database';

const DATA_DIR = path.join(ROOT, '.data-test-pg-refusal');

afterAll(() => fs.rm(DATA_DIR, { recursive: true, force: true }));

it('quotes PostgreSQL when its port is held by something that is not PostgreSQL', async () => {
  const port = await freePort();
  const squatter = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
  try {
    await expect(startEmbeddedPostgres(DATA_DIR, port)).rejects.toThrow(new RegExp(`did not start on port ${port}: .*could not bind IPv4 address "127\\.0\\.0\\.1": Address already in use`));
  } finally {
    squatter.close();
  }
}, 60_000);
