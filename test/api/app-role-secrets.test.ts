/**
 * The app role's password (derived from SESSION_SECRET) is never in a statement's text: CREATE/ALTER ROLE
 * carry its SCRAM verifier, so a start-up statement that fails, logged with its SQL, leaks no password.
 */
import { inspect } from 'node:util';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { appRoleFor, grantAppRole, urlAs } from '../../db/app-role';
import { scramVerifier } from '../../db/scram-verifier';
import { testKnexConfig } from '../support/db';

const SECRET = 'app-role-secrets-test-secret-of-at-least-32-characters';
const ownerUrl = () => process.env.DATABASE_URL!;

function urlOf(user: string, password: string): string {
  const url = new URL(ownerUrl());
  url.username = user;
  url.password = password;
  return url.toString();
}

/** Everything a log line could carry of an error: its message, stack, fields and inspected form. */
const everyFormOf = (err: unknown) => [String(err), (err as Error).stack ?? '', JSON.stringify(err), inspect(err, { depth: 5 })].join('\n');

describe('the app role password', () => {
  it('is absent from a failing start-up statement and its error (an owner that may not create roles)', async () => {
    const admin = knexFactory(testKnexConfig(ownerUrl(), { min: 0, max: 1 }));
    const limited = `limited_owner_${randomBytes(4).toString('hex')}`;
    const limitedPassword = randomBytes(12).toString('hex');
    await admin.raw(`CREATE ROLE ?? LOGIN NOCREATEROLE PASSWORD '${limitedPassword}'`, [limited]);
    const owner = knexFactory(testKnexConfig(urlOf(limited, limitedPassword), { min: 0, max: 1 }));
    const role = appRoleFor(urlOf(limited, limitedPassword), SECRET);
    try {
      const failure = await grantAppRole(owner, role).then(
        () => null,
        (err: unknown) => err,
      );
      expect(failure).toMatchObject({ code: '42501' });
      expect(everyFormOf(failure)).toContain('ROLE');
      expect(everyFormOf(failure)).not.toContain(role.password);
    } finally {
      await owner.destroy();
      await admin.raw('DROP ROLE IF EXISTS ??', [limited]);
      await admin.destroy();
    }
  });

  it('signs the app role in through the verifier PostgreSQL stores', async () => {
    const owner = knexFactory(testKnexConfig(ownerUrl(), { min: 0, max: 1 }));
    const role = appRoleFor(ownerUrl(), SECRET);
    await grantAppRole(owner, role);
    const app = knexFactory(testKnexConfig(urlAs(ownerUrl(), role), { min: 0, max: 1 }));
    const wrong = knexFactory(testKnexConfig(urlAs(ownerUrl(), { ...role, password: `${role.password}x` }), { min: 0, max: 1 }));
    try {
      expect((await app.raw('SELECT current_user AS name')).rows[0].name).toBe(role.name);
      await expect(wrong.raw('SELECT 1')).rejects.toMatchObject({ code: '28P01' });
      const { rows } = await owner.raw('SELECT rolpassword FROM pg_authid WHERE rolname = ?', [role.name]);
      expect(rows[0].rolpassword).toMatch(/^SCRAM-SHA-256\$4096:/);
    } finally {
      await Promise.all([app.destroy(), wrong.destroy(), owner.destroy()]);
    }
  });

  it('holds the keys of RFC 7677’s example exchange', () => {
    // RFC 7677 section 3: user "user", password "pencil", salt W22ZaJ0SNY7soEsUEjb6gQ==, 4096 iterations.
    const [, storedKey, serverKey] = /\$4096:W22ZaJ0SNY7soEsUEjb6gQ==\$([^:]+):(.+)$/.exec(scramVerifier('pencil', Buffer.from('W22ZaJ0SNY7soEsUEjb6gQ==', 'base64')))!;
    const nonce = 'rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0';
    const authMessage = `n=user,r=rOprNGfwEbeRWgbNEkqO,r=${nonce},s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096,c=biws,r=${nonce}`;
    // The server's signature the RFC's server sends, made with ServerKey.
    expect(createHmac('sha256', Buffer.from(serverKey!, 'base64')).update(authMessage).digest('base64')).toBe('6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=');
    // The RFC's client proof, checked the way the server checks it with StoredKey.
    const proof = Buffer.from('dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=', 'base64');
    const clientSignature = createHmac('sha256', Buffer.from(storedKey!, 'base64')).update(authMessage).digest();
    const clientKey = Buffer.from(proof.map((byte, i) => byte ^ clientSignature[i]!));
    expect(createHash('sha256').update(clientKey).digest('base64')).toBe(storedKey);
  });
});
