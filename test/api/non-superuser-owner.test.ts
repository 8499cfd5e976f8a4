/**
 * Issue 42: production on a database whose owner is not a superuser, as managed PostgreSQL hands out (a role
 * with CREATEROLE that owns its database and nothing else). The real server process starts on it in
 * production mode: migrations run as that owner, the app role is set up by it, and a patient's sign-up is
 * stored with its audit row, written as the app role. On the embedded test server, in a database and with
 * roles of its own, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { PRODUCTION_ENV, THROUGH_PROXY } from '../support/production';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { signupBody } from '../support/signup';
import { testKnexConfig } from '../support/db';

const suffix = randomBytes(4).toString('hex');
const OWNER = `clinic_owner_${suffix}`;
const DATABASE = `clinic_${suffix}`;
const OWNER_PASSWORD = randomBytes(12).toString('hex');

function urlFor(database: string, credentials?: { user: string; password: string }): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${database}`;
  if (credentials) {
    url.username = credentials.user;
    url.password = credentials.password;
  }
  return url.toString();
}

let superuser: Knex;
let server: ServerProcess | undefined;

beforeAll(async () => {
  superuser = knexFactory(testKnexConfig(urlFor('postgres'), { min: 0, max: 1 }));
  await superuser.raw(`CREATE ROLE ?? LOGIN PASSWORD '${OWNER_PASSWORD}' NOSUPERUSER NOCREATEDB CREATEROLE`, [OWNER]);
  await superuser.raw('CREATE DATABASE ?? OWNER ??', [DATABASE, OWNER]);
});

afterAll(async () => {
  await server?.stop();
  await superuser.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [DATABASE]);
  await superuser.raw('DROP ROLE IF EXISTS ??', [`${OWNER}_app`]);
  await superuser.raw('DROP ROLE IF EXISTS ??', [OWNER]);
  await superuser.destroy();
});

it('starts in production, sets up its app role and stores a sign-up with its audit row', async () => {
  const ownerUrl = urlFor(DATABASE, { user: OWNER, password: OWNER_PASSWORD });
  server = await startServerProcess({ ...PRODUCTION_ENV, DATABASE_URL: ownerUrl, DATABASE_SSL: 'disable', MFA_REQUIRED_FOR: 'doctor,admin', SEED_DEMO: 'false' });
  const body = signupBody({}, 'owner_');
  const answer = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { ...THROUGH_PROXY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(202);

  const owner = knexFactory(testKnexConfig(ownerUrl, { min: 0, max: 1 }));
  try {
    const isSuperuser = async (role: string) => (await owner('pg_roles').where({ rolname: role }).first('rolsuper'))?.rolsuper;
    expect(await isSuperuser(OWNER)).toBe(false);
    expect(await isSuperuser(`${OWNER}_app`)).toBe(false);
    const user = await owner('users').where({ username: body.username }).first('id');
    expect(user).toBeDefined();
    expect(await owner('audit_events').where({ action: 'auth.signup', resource_id: user.id }).first('id')).toBeDefined();
  } finally {
    await owner.destroy();
  }
}, 150_000);
