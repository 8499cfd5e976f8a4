/**
 * The audit trail is append-only for the app and tamper-evident: the app's database role cannot update
 * or delete its rows, every row is hash-chained to the one before, and `audit:verify` (verifyAuditChain)
 * names the first altered row or the row after a removed one. Deleting a user keeps their trail.
 * The chain scenarios run in a database of their own, so altering rows there disturbs no other suite.
 */
import { randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { knexConfig } from '../../knexfile';
import { appRoleFor, grantAppRole, urlAs } from '../../db/app-role';
import { migrateToLatest } from '../../db/connection';
import { verifyAuditChain } from '../../server/services/audit-chain';
import { startTestServer, type TestServer } from '../support/app';
import { patientParty } from './consultations-fixtures';
import { insertReport } from './records-fixtures';
import { AuditEvent, User } from '../../db/models';

const SECRET = 'audit-trail-test-secret-of-at-least-32-characters';
const ownerUrl = () => process.env.DATABASE_URL!;

function databaseUrl(name: string): string {
  const url = new URL(ownerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, migrated database for one scenario, dropped afterwards. */
async function withOwnDatabase(run: (owner: Knex, url: string) => Promise<void>): Promise<void> {
  const name = `audit_chain_${randomUUID().replace(/-/g, '')}`;
  const admin = knexFactory(knexConfig(databaseUrl('postgres'), { min: 0, max: 1 }));
  await admin.raw('CREATE DATABASE ??', [name]);
  const owner = knexFactory(knexConfig(databaseUrl(name), { min: 0, max: 4 }));
  try {
    await migrateToLatest(owner);
    await run(owner, databaseUrl(name));
  } finally {
    await owner.destroy();
    await admin.raw('DROP DATABASE ?? WITH (FORCE)', [name]);
    await admin.destroy();
  }
}

const insertRow = (knex: Knex, action: string) =>
  knex('audit_events').insert({ actor_kind: 'anonymous', action, outcome: 'success' }).returning(['id', 'seq']);

describe('the app role', () => {
  it('adds audit rows and reads them, but cannot update, delete or truncate them', async () => {
    await withOwnDatabase(async (owner, url) => {
      const role = appRoleFor(url, SECRET);
      await grantAppRole(owner, role);
      const app = knexFactory(knexConfig(urlAs(url, role), { min: 0, max: 1 }));
      try {
        const [row] = await insertRow(app, 'app.write');
        expect(await app('audit_events').where({ id: row.id }).first()).toMatchObject({ action: 'app.write' });
        await expect(app('users').count()).resolves.toBeDefined();
        for (const attempt of [
          () => app('audit_events').where({ id: row.id }).update({ action: 'rewritten' }),
          () => app('audit_events').where({ id: row.id }).delete(),
          () => app.raw('TRUNCATE audit_events'),
          () => app.raw('ALTER TABLE audit_events DISABLE TRIGGER audit_events_chain'),
        ]) {
          await expect(attempt()).rejects.toMatchObject({ code: expect.stringMatching(/^(42501)$/) });
        }
        expect(await app('audit_events').where({ id: row.id }).first()).toMatchObject({ action: 'app.write' });
      } finally {
        await app.destroy();
      }
    });
  });

  it('is set up again at every start without failing, from two processes at once', async () => {
    await withOwnDatabase(async (owner, url) => {
      const other = knexFactory(knexConfig(url, { min: 0, max: 1 }));
      try {
        const role = appRoleFor(url, SECRET);
        await Promise.all([grantAppRole(owner, role), grantAppRole(other, role), grantAppRole(owner, role)]);
      } finally {
        await other.destroy();
      }
    });
  });
});

describe('the hash chain', () => {
  it('verifies rows written concurrently from two connection pools', async () => {
    await withOwnDatabase(async (owner, url) => {
      const second = knexFactory(knexConfig(url, { min: 0, max: 4 }));
      try {
        await Promise.all(Array.from({ length: 120 }, (_, i) => insertRow(i % 2 ? owner : second, `concurrent.${i}`)));
        await owner('audit_events').insert(Array.from({ length: 30 }, (_, i) => ({ actor_kind: 'anonymous', action: `batch.${i}`, outcome: 'success' })));
      } finally {
        await second.destroy();
      }
      expect(await verifyAuditChain(owner)).toEqual({ intact: true, rows: 150 });
    });
  });

  it('names a row the owner altered, and the row after one the owner removed', async () => {
    await withOwnDatabase(async (owner) => {
      const rows: Array<{ id: string; seq: string }> = [];
      for (let i = 0; i < 6; i += 1) rows.push((await insertRow(owner, `event.${i}`))[0]);
      expect(await verifyAuditChain(owner)).toEqual({ intact: true, rows: 6 });

      await owner('audit_events').where({ id: rows[2]!.id }).update({ outcome: 'denied' });
      expect(await verifyAuditChain(owner)).toEqual({ intact: false, rows: 2, brokenAt: { seq: Number(rows[2]!.seq), id: rows[2]!.id } });
      await owner('audit_events').where({ id: rows[2]!.id }).update({ outcome: 'success' });
      expect((await verifyAuditChain(owner)).intact).toBe(true);

      await owner('audit_events').where({ id: rows[4]!.id }).delete();
      expect(await verifyAuditChain(owner)).toEqual({ intact: false, rows: 4, brokenAt: { seq: Number(rows[5]!.seq), id: rows[5]!.id } });
    });
  });
});

describe('a deleted user', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('keeps the audit trail about them', async () => {
    const patient = await patientParty(server.url);
    const report = await insertReport(patient.account.record.id);
    expect((await patient.client.get(`/api/medical-reports/${report.id}`)).status).toBe(200);
    const before = await AuditEvent.query().where({ patientId: patient.account.record.id }).resultSize();
    expect(before).toBeGreaterThan(0);
    await User.query().deleteById(patient.account.record.id);
    expect(await AuditEvent.query().where({ patientId: patient.account.record.id }).resultSize()).toBe(before);
  });
});
