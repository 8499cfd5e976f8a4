/**
 * `npm run test:deploy`: the clinic's deployment, end to end. Builds the image, starts compose.yaml (two app
 * replicas, PostgreSQL, Redis, coturn, Caddy with TLS), and checks as an operator and a patient would:
 * HTTPS through the proxy with production cookies and HSTS, no link to a forged host, writes that survive
 * a replica's SIGTERM, and a backup taken under load restored into a new stack with every acknowledged
 * write and the audit chain intact. Needs podman (or docker) and podman-compose (or `COMPOSE=...`).
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { HttpsClient } from './https-client';
import { callAcrossReplicas } from './call-across-replicas';
import { eventually } from './eventually';
import { Stack, run } from './compose';
import { hostExternalIPv4 } from '../../signalling/media/mediasoup/announced-address';
import { ROOT } from '../support/test-database';
import { signupBody, SIGNUP_PASSWORD } from '../support/signup';
import { CLINIC_NOTE_LINES, textPdf } from '../support/document-fixtures';

const HTTPS_PORT = process.env.DEPLOY_HTTPS_PORT ?? '8443';
const PUBLIC_URL = `https://localhost:${HTTPS_PORT}`;
const CADDY_ROOT = '/data/caddy/pki/authorities/local/root.crt';
/** The app's own drain bound (SHUTDOWN_GRACE_MS default) and the engine's wait before SIGKILL. */
const STOP_SECONDS = 20;

/**
 * The address browsers reach the stack's media at: this host's own, not loopback (the engine forwards
 * published ports from it; forwarding from 127.0.0.1 would need route_localnet).
 */
function hostAddress(): string {
  const address = process.env.DEPLOY_PUBLIC_IP ?? hostExternalIPv4();
  if (!address) throw new Error('no non-loopback IPv4 address for the media; set DEPLOY_PUBLIC_IP');
  return address;
}

const secret = (bytes: number) => randomBytes(bytes).toString('base64url');
const adminLogin = { email: 'admin@clinic.test', password: `Adm1n-${secret(12)}` };
const settings = {
  ADMIN_EMAIL: adminLogin.email,
  ADMIN_PASSWORD: adminLogin.password,
  PUBLIC_URL,
  PUBLIC_IP: hostAddress(),
  HTTP_PORT: process.env.DEPLOY_HTTP_PORT ?? '8080',
  HTTPS_PORT,
  MEDIVAULT_TLS: 'internal',
  SESSION_SECRET: secret(48),
  AUDIT_KEY: secret(48),
  POSTGRES_PASSWORD: secret(24),
  TURN_SECRET: secret(32),
  BACKUP_KEY: secret(48),
};

let passed = 0;
let failed = 0;

async function check(name: string, body: () => Promise<void> | void): Promise<boolean> {
  const started = Date.now();
  try {
    await body();
    passed += 1;
    process.stdout.write(`  ok   ${name} (${Date.now() - started} ms)\n`);
    return true;
  } catch (err) {
    failed += 1;
    process.stdout.write(`  FAIL ${name}\n${String((err as Error).stack ?? err).replace(/^/gm, '       ')}\n`);
    return false;
  }
}

/** Caddy makes its local authority at first start; the client trusts exactly that root. */
async function proxyClient(stack: Stack): Promise<HttpsClient> {
  const ca = await eventually('the proxy making its certificate authority', async () => {
    const result = stack.exec('proxy', ['cat', CADDY_ROOT]);
    if (result.status !== 0 || !result.stdout.includes('BEGIN CERTIFICATE')) throw new Error(result.stderr);
    return result.stdout;
  });
  const client = new HttpsClient(PUBLIC_URL, ca);
  await bothReady(stack, client);
  return client;
}

function bothReady(stack: Stack, client: HttpsClient): Promise<void> {
  return eventually('both replicas ready behind the proxy', async () => {
    for (const service of ['app1', 'app2']) {
      const probe = stack.exec(service, ['node', '-e', "fetch('http://127.0.0.1:3000/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]);
      if (probe.status !== 0) throw new Error(`${service} not ready`);
    }
    const health = await client.get('/api/health');
    if (health.status !== 200) throw new Error(`proxy answered ${health.status}`);
  });
}

async function signUpPatient(client: HttpsClient): Promise<{ username: string }> {
  const body = signupBody({}, 'deploy_');
  const created = await client.post('/api/auth/signup', body);
  assert.equal(created.status, 202, JSON.stringify(created.body));
  const signedIn = await client.post('/api/auth/login', { usernameOrEmail: body.username, password: SIGNUP_PASSWORD });
  assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
  return { username: body.username };
}

/** The id of the medication stored, or null with why not (the status and body, or the connection's error). */
async function addMedication(client: HttpsClient, index: number): Promise<{ id: string | null; why: string }> {
  const answer = await client.post('/api/medications', { name: `Deploy-${index}`, dosage: '5mg', frequency: 'once_daily', reminderTimes: ['08:00'] }).catch((err: Error) => err);
  if (answer instanceof Error) return { id: null, why: answer.message };
  return answer.status === 201 ? { id: answer.body.id as string, why: '' } : { id: null, why: `${answer.status} ${JSON.stringify(answer.body)}` };
}

async function medicationIds(client: HttpsClient): Promise<Set<string>> {
  const list = await client.get('/api/medications');
  assert.equal(list.status, 200);
  return new Set((list.body.medications as { id: string }[]).map((m) => m.id));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Uploads a clinic note as a PDF (read from its text, no OCR); returns the stored original's id and digest. */
async function uploadDocument(client: HttpsClient): Promise<{ id: string; sha256: string }> {
  const pdf = await textPdf([CLINIC_NOTE_LINES]);
  const processed = await client.post('/api/process-pdf-document', { pdfData: `data:application/pdf;base64,${pdf.toString('base64')}`, filename: 'clinic-note.pdf' });
  assert.equal(processed.status, 200, JSON.stringify(processed.body));
  assert.equal(processed.body.success, true, JSON.stringify(processed.body));
  const recent = await client.get('/api/documents/recent');
  const stored = (recent.body as { id: string; filename: string }[]).find((document) => document.filename === 'clinic-note.pdf');
  assert.ok(stored, JSON.stringify(recent.body));
  return { id: stored.id, sha256: sha256(pdf) };
}

/** Writes one after another until `stop` resolves; returns the ids the server acknowledged. */
async function writeUntil(client: HttpsClient, stop: Promise<unknown>, from: number): Promise<string[]> {
  let done = false;
  void stop.then(() => (done = true));
  const acknowledged: string[] = [];
  for (let index = from; !done; index += 1) {
    const { id } = await addMedication(client, index);
    if (id) acknowledged.push(id);
  }
  return acknowledged;
}

async function main(): Promise<void> {
  // The image's user (uid 10001) writes the archives into the bind-mounted folder, as docs/deploy.md says.
  const backups = path.join(ROOT, 'backups');
  mkdirSync(backups, { recursive: true });
  chownSync(backups, 10001, 10001);
  const first = new Stack('mvdeploy', settings);
  const restored = new Stack('mvrestore', settings);
  first.down();
  restored.down();
  const acknowledged: string[] = [];
  let patient = { username: '' };
  let document = { id: '', sha256: '' };
  const archive = `deploy-${Date.now()}.mvbackup`;
  try {
    // DEPLOY_BUILD=0 reuses the image already built (while working on this check itself).
    if (process.env.DEPLOY_BUILD !== '0') {
      process.stdout.write('Building the image\n');
      const image = run(['node', '--import', 'tsx', 'container/build-image.ts']);
      if (image.status !== 0) throw new Error(`image build failed:\n${image.stdout.slice(-3000)}${image.stderr.slice(-3000)}`);
      first.compose('build', 'proxy', 'postgres', 'redis', 'coturn');
    }
    process.stdout.write('Starting the stack\n');
    const coldStart = Date.now();
    first.up();
    const client = await proxyClient(first);
    process.stdout.write(`  stack cold start (up to both replicas ready behind TLS): ${Date.now() - coldStart} ms\n`);

    await check('a patient signs up and in over HTTPS through the proxy, with __Host- Secure cookies and HSTS', async () => {
      patient = await signUpPatient(client);
      assert.ok(client.cookieNames().some((name) => name.startsWith('__Host-')), `cookies: ${client.cookieNames().join(', ')}`);
      const page = await client.get('/dashboard');
      assert.match(String(page.headers['strict-transport-security']), /max-age=\d+/);
      const me = await client.get('/api/auth/me');
      assert.equal(me.status, 200);
    });

    await check('a request for another host never reaches a reset: the proxy has no such site and the app refuses it', async () => {
      const forged = await client.post('/api/auth/password-reset', { email: `${patient.username}@example.test` }, { host: 'attacker.example' });
      assert.equal(forged.status, 421, `proxy answered ${forged.status}`);
      assert.equal(forged.headers['x-request-id'], undefined, 'the request reached a replica');
      const direct = first.exec('app1', ['node', '-e', "fetch('http://127.0.0.1:3000/api/auth/password-reset', { method: 'POST', headers: { host: 'attacker.example', 'content-type': 'application/json', origin: 'https://attacker.example' }, body: '{\"email\":\"x@example.test\"}' }).then((r) => { console.log(r.status); })"]);
      assert.equal(direct.stdout.trim(), '421', direct.stderr);
    });

    await check("a consultation's two sides on different replicas: chat and video cross them, and the call carries on when one is killed", async () => {
      // Whatever the call did, app1 comes back, or the checks after this one fail for this one's sake.
      try {
        await callAcrossReplicas({
          publicUrl: PUBLIC_URL,
          freshClient: () => client.fresh(),
          adminLogin,
          mediaOwner: (consultationId) => {
            const serverId = first.exec('redis', ['redis-cli', 'get', `medivault:sfu:owner:${consultationId}`]).stdout.trim();
            if (!serverId) return null;
            const owner = (['app1', 'app2'] as const).find((replica) => first.logs(replica).includes(`"serverId":"${serverId}"`));
            assert.ok(owner, `no replica logged the media owner's id ${serverId}`);
            return owner;
          },
          kill: (replica) => first.kill(replica),
          report: (line) => process.stdout.write(`${line}\n`),
        });
      } finally {
        first.start('app1');
        await bothReady(first, client);
      }
    });

    await check('writes go on while a replica is stopped with SIGTERM: it exits 0 within its bound, nothing acknowledged is lost', async () => {
      for (let index = 0; index < 10; index += 1) {
        const { id, why } = await addMedication(client, index);
        assert.ok(id, `write before the stop: ${why}`);
        acknowledged.push(id);
      }
      const stopping = new Promise<{ exitCode: number; stoppedInMs: number }>((resolve) => setImmediate(() => resolve(first.stop('app1', STOP_SECONDS))));
      const during = await writeUntil(client, stopping, 100);
      const stopped = await stopping;
      acknowledged.push(...during);
      assert.equal(stopped.exitCode, 0, first.logs('app1').slice(-3000));
      assert.ok(stopped.stoppedInMs < STOP_SECONDS * 1000, `stopped in ${stopped.stoppedInMs} ms`);
      for (let index = 200; index < 205; index += 1) {
        const { id, why } = await addMedication(client, index);
        assert.ok(id, `write through the remaining replica: ${why}\n${first.logs('proxy').slice(-2000)}`);
        acknowledged.push(id);
      }
      const stored = await medicationIds(client);
      for (const id of acknowledged) assert.ok(stored.has(id), `acknowledged medication ${id} is missing`);
      first.start('app1');
    });

    await check('a backup taken while patients write holds every write and document acknowledged before it began', async () => {
      document = await uploadDocument(client);
      const before = [...acknowledged];
      const backupDone = new Promise<string>((resolve, reject) =>
        setImmediate(() => {
          const result = first.exec('app2', ['node', '--import', 'tsx', 'server/backup-cli.ts', 'backup', '--out', `/backups/${archive}`]);
          if (result.status === 0) resolve(result.stdout);
          else reject(new Error(`backup failed (${result.status}): ${result.stderr.slice(-3000)}`));
        }),
      );
      const backupStarted = Date.now();
      const during = await writeUntil(client, backupDone.catch(() => undefined), 300);
      await backupDone;
      process.stdout.write(`  backup while a patient writes: ${Date.now() - backupStarted} ms\n`);
      // The baseline: a plain tar of the same database's files, read whole (GNU tar skips reading for /dev/null).
      const tarStarted = Date.now();
      const tar = first.exec('postgres', ['sh', '-c', 'tar -cf - -C "$PGDATA" . | wc -c']);
      process.stdout.write(`  plain tar of PostgreSQL's data directory: ${Date.now() - tarStarted} ms, ${tar.stdout.trim()} bytes\n`);
      acknowledged.length = 0;
      acknowledged.push(...before);
      assert.ok(during.length > 0 || before.length > 0);
    });

    process.stdout.write('Restoring the backup into a new stack\n');
    first.down();
    await check('the backup restores into a new stack: every acknowledged write and document is there and the audit chain is intact', async () => {
      restored.up('postgres');
      await eventually('the new PostgreSQL accepting connections', async () => {
        const ready = restored.exec('postgres', ['pg_isready', '--host', '127.0.0.1']);
        if (ready.status !== 0) throw new Error(ready.stdout);
      });
      const restoreStarted = Date.now();
      const restore = restored.runOnce('app1', ['server/backup-cli.ts', 'restore', '--in', `/backups/${archive}`]);
      process.stdout.write(`  restore into the new stack's PostgreSQL: ${Date.now() - restoreStarted} ms\n`);
      assert.equal(restore.status, 0, `${restore.stdout.slice(-2000)}${restore.stderr.slice(-3000)}`);
      restored.up();
      const client2 = await proxyClient(restored);
      const signedIn = await client2.post('/api/auth/login', { usernameOrEmail: patient.username, password: SIGNUP_PASSWORD });
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      const stored = await medicationIds(client2);
      for (const id of acknowledged) assert.ok(stored.has(id), `acknowledged medication ${id} is missing after restore`);
      const original = await client2.get(`/api/documents/${document.id}/file`);
      assert.equal(original.status, 200, `the document's original after restore: ${original.status}`);
      assert.equal(sha256(original.bytes), document.sha256, 'the restored original differs from the upload');
      const verify = restored.exec('app1', ['node', '--import', 'tsx', 'server/audit-verify.ts']);
      assert.equal(verify.status, 0, verify.stdout + verify.stderr);
      assert.match(verify.stdout, /Audit trail intact/);
    });
  } catch (err) {
    failed += 1;
    process.stdout.write(`  FAIL the stack could not be brought up\n${String((err as Error).stack ?? err)}\n`);
  } finally {
    if (!process.env.DEPLOY_KEEP) {
      first.down();
      restored.down();
      rmSync(path.join(backups, archive), { force: true });
    }
  }
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  process.exit(failed ? 1 : 0);
}

void main();
