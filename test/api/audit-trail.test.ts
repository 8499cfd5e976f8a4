/**
 * The audit trail is append-only for the app and tamper-evident against the database owner too: the app's
 * role cannot update or delete rows, nor choose their time or place; every row carries a tag under
 * AUDIT_KEY, which the database never holds; the keyed chain is sealed as it grows; and `audit:verify`
 * (verifyAuditChain), given a checkpoint, sees rows removed at the end. Each attack below runs as the
 * owner (the test database's superuser), in a database of its own, so it disturbs no other suite.
 * Deleting a user keeps their trail.
 */
import { randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { appRoleFor, grantAppRole, urlAs } from '../../db/app-role';
import { auditKeysFrom, numberWaitingRows, rowTag } from '../../server/services/audit-chain';
import { auditRowsInsert, useAuditKeys, type AuditRow } from '../../server/services/audit';
import { sealAuditTrail } from '../../server/services/audit-seal';
import { verifyAuditChain } from '../../server/services/audit-verification';
import { checkpointFile, readCheckpoint, type Checkpoint } from '../../server/services/audit-checkpoints';
import { startTestServer, type TestServer } from '../support/app';
import { ownTestDatabase, testKnexConfig } from '../support/db';
import { patientParty } from './consultations-fixtures';
import { insertReport } from './records-fixtures';
import { AuditEvent, User } from '../../db/models';

const SECRET = 'audit-trail-test-secret-of-at-least-32-characters';
const keys = auditKeysFrom('audit-trail-test-audit-key-of-at-least-32-characters');

/** A fresh, migrated database for one scenario, dropped afterwards. */
async function withOwnDatabase(run: (owner: Knex, url: string) => Promise<void>): Promise<void> {
  const database = await ownTestDatabase();
  const owner = knexFactory(testKnexConfig(database.url, { min: 0, max: 4 }));
  try {
    await run(owner, database.url);
  } finally {
    await owner.destroy();
    await database.drop();
  }
}

const entry = (action: string): AuditRow => ({ actorKind: 'system', action, outcome: 'success' });

/** Rows as the app writes them (tagged), one statement each, then numbered as the sealer does; the rows' ids and places. */
async function write(knex: Knex, count: number, prefix = 'event'): Promise<Array<{ id: string; seq: number }>> {
  useAuditKeys(keys);
  const written: Array<{ id: string; seq: number }> = [];
  for (let i = 0; i < count; i += 1) {
    const action = `${prefix}.${randomUUID()}`;
    await auditRowsInsert(knex, [entry(action)]);
    await numberWaitingRows(knex);
    const row = await knex('audit_events').where({ action }).first('id', 'seq');
    written.push({ id: row.id, seq: Number(row.seq) });
  }
  return written;
}

const verdictOf = (knex: Knex, expected?: Checkpoint) => verifyAuditChain(knex, keys, expected);

/** What `audit:checkpoint` writes for the trail as it stands, read back as `audit:verify --expect` reads it. */
async function checkpointNow(knex: Knex): Promise<Checkpoint> {
  const verdict = await verdictOf(knex);
  if (!verdict.intact || !verdict.head) throw new Error(`no checkpoint of a broken or empty trail: ${JSON.stringify(verdict)}`);
  return readCheckpoint(keys, checkpointFile(keys, verdict.head));
}

/** The owner's way to make the old, unkeyed chain fit again: the schema's own function, row by row. */
async function recomputeWithSchemaFunction(owner: Knex): Promise<void> {
  await owner.raw(`
    DO $$
    DECLARE r audit_events; previous text := '';
    BEGIN
      FOR r IN SELECT * FROM audit_events ORDER BY seq LOOP
        previous := encode(sha256(convert_to(previous || audit_row_text(r), 'UTF8')), 'hex');
        UPDATE audit_events SET hash = previous WHERE id = r.id;
      END LOOP;
    END $$`);
}

describe('the app role', () => {
  it('adds audit rows and reads them, but cannot update, delete or truncate them, nor choose their time or place', async () => {
    await withOwnDatabase(async (owner, url) => {
      const role = appRoleFor(url, SECRET);
      await grantAppRole(owner, role);
      const app = knexFactory(testKnexConfig(urlAs(url, role), { min: 0, max: 1 }));
      try {
        const [row] = await write(app, 1, 'app.write');
        expect(await app('audit_events').where({ id: row!.id }).first()).toMatchObject({ id: row!.id });
        await expect(app('users').count()).resolves.toBeDefined();
        for (const attempt of [
          () => app('audit_events').where({ id: row!.id }).update({ action: 'rewritten' }),
          () => app('audit_events').where({ id: row!.id }).delete(),
          () => app.raw('TRUNCATE audit_events'),
          () => app.raw('ALTER TABLE audit_events DISABLE TRIGGER audit_events_chain'),
          () => app('audit_events').insert({ actor_kind: 'system', action: 'back.dated', outcome: 'success', created_at: new Date('2020-01-01') }),
          () => app('audit_events').insert({ actor_kind: 'system', action: 'placed', outcome: 'success', seq: 1 }),
          () => app('audit_seals').delete(),
          () => app('audit_chain_start').update({ legacy_through: 1000 }),
        ]) {
          await expect(attempt()).rejects.toMatchObject({ code: '42501' });
        }
        expect(await app('audit_events').where({ id: row!.id }).first()).toMatchObject({ action: expect.stringMatching(/^app\.write\./) });
      } finally {
        await app.destroy();
      }
    });
  });

  it('is set up again at every start without failing, from two processes at once', async () => {
    await withOwnDatabase(async (owner, url) => {
      const other = knexFactory(testKnexConfig(url, { min: 0, max: 1 }));
      try {
        const role = appRoleFor(url, SECRET);
        await Promise.all([grantAppRole(owner, role), grantAppRole(other, role), grantAppRole(owner, role)]);
      } finally {
        await other.destroy();
      }
    });
  });
});

describe('the keyed chain', () => {
  it('verifies rows written concurrently from two connection pools, sealed as they come', async () => {
    await withOwnDatabase(async (owner, url) => {
      const second = knexFactory(testKnexConfig(url, { min: 0, max: 4 }));
      useAuditKeys(keys);
      try {
        await Promise.all(Array.from({ length: 120 }, (_, i) => auditRowsInsert(i % 2 ? owner : second, [entry(`concurrent.${i}`)])));
        await Promise.all([sealAuditTrail(owner, keys), sealAuditTrail(second, keys)]);
        await auditRowsInsert(owner, Array.from({ length: 30 }, (_, i) => entry(`batch.${i}`)));
      } finally {
        await second.destroy();
      }
      expect(await sealAuditTrail(owner, keys)).toEqual({ sealedThrough: 150 });
      expect(await verdictOf(owner)).toMatchObject({ intact: true, rows: 150, sealedThrough: 150 });
    });
  });

  it('lets a write commit while another audited transaction is still open: rows are placed after they commit, in order, with no gaps', async () => {
    await withOwnDatabase(async (owner, url) => {
      const second = knexFactory(testKnexConfig(url, { min: 0, max: 1 }));
      useAuditKeys(keys);
      const open = await owner.transaction();
      try {
        await auditRowsInsert(open, [entry('still.open')]);
        // The numbering used to take a lock each write held until its commit: this one would wait for 'still.open'.
        await second.transaction(async (trx) => {
          await trx.raw("SET LOCAL lock_timeout = '2s'");
          await auditRowsInsert(trx, [entry('committed.first')]);
        });
        const rolledBack = await owner.transaction();
        await auditRowsInsert(rolledBack, [entry('rolled.back')]);
        await rolledBack.rollback();
        expect(await numberWaitingRows(second)).toBe(1);
        await open.commit();
        expect(await numberWaitingRows(second)).toBe(1);
      } finally {
        if (!open.isCompleted()) await open.rollback();
        await second.destroy();
      }
      const placed = await owner('audit_events').orderBy('seq').select('seq', 'action');
      expect(placed.map((row: { seq: string; action: string }) => [Number(row.seq), row.action])).toEqual([
        [1, 'committed.first'],
        [2, 'still.open'],
      ]);
      expect(await sealAuditTrail(owner, keys)).toEqual({ sealedThrough: 2 });
      expect(await verdictOf(owner)).toMatchObject({ intact: true, rows: 2 });
    });
  });

  it('verifies on a read-only standby too: the rows still waiting for their place are left to the primary', async () => {
    await withOwnDatabase(async (owner) => {
      await write(owner, 3);
      useAuditKeys(keys);
      await auditRowsInsert(owner, [entry('not.yet.placed')]);
      const verdict = await owner.transaction(async (trx) => {
        await trx.raw('SET TRANSACTION READ ONLY');
        return verdictOf(trx);
      });
      expect(verdict).toMatchObject({ intact: true, rows: 3 });
      expect(await verdictOf(owner)).toMatchObject({ intact: true, rows: 4 });
    });
  });

  it('names a row the owner altered, and the row after one the owner removed', async () => {
    await withOwnDatabase(async (owner) => {
      const rows = await write(owner, 6);
      expect(await verdictOf(owner)).toMatchObject({ intact: true, rows: 6 });

      await owner('audit_events').where({ id: rows[2]!.id }).update({ outcome: 'denied' });
      expect(await verdictOf(owner)).toMatchObject({ intact: false, rows: 2, at: rows[2], problem: expect.stringMatching(/tag does not match its content/) });
      await owner('audit_events').where({ id: rows[2]!.id }).update({ outcome: 'success' });
      expect((await verdictOf(owner)).intact).toBe(true);

      await owner('audit_events').where({ id: rows[4]!.id }).delete();
      expect(await verdictOf(owner)).toMatchObject({ intact: false, rows: 4, at: rows[5], problem: 'row 6: row 5 is missing: rows were removed' });
    });
  });

  it('sees a row the owner inserted normally, back-dated, even with the tag of another row', async () => {
    await withOwnDatabase(async (owner) => {
      const rows = await write(owner, 3);
      await sealAuditTrail(owner, keys);
      const [forged] = await owner('audit_events')
        .insert({ actor_kind: 'doctor', action: 'doctor.view_records', outcome: 'success', created_at: new Date(Date.now() - 86_400_000) })
        .returning(['id', 'seq']);
      expect(await verdictOf(owner)).toMatchObject({ intact: false, rows: 3, at: { seq: 4, id: forged.id }, problem: 'row 4: it has no tag: it was written without the audit key' });

      const genuine = await owner('audit_events').where({ id: rows[0]!.id }).first('tag');
      await owner('audit_events').where({ id: forged.id }).update({ tag: genuine.tag });
      expect(await verdictOf(owner)).toMatchObject({ intact: false, rows: 3, problem: expect.stringMatching(/^row 4: its tag does not match its content/) });
      expect(await sealAuditTrail(owner, keys)).toMatchObject({ sealedThrough: 3, refused: { seq: 4 } });
    });
  });

  it('sees rows the owner removed from the end, by the seal left behind or by the checkpoint', async () => {
    await withOwnDatabase(async (owner) => {
      await write(owner, 4);
      const checkpoint = await checkpointNow(owner);
      await write(owner, 2);
      await sealAuditTrail(owner, keys);
      expect(await verdictOf(owner, checkpoint)).toMatchObject({ intact: true, rows: 6, sealedThrough: 6 });

      await owner('audit_events').where('seq', '>', 4).delete();
      expect(await verdictOf(owner)).toMatchObject({ intact: false, problem: 'the trail ends at row 4 but was sealed through row 6: rows at the end were removed' });

      await owner('audit_events').where('seq', '>', 2).delete();
      await owner('audit_seals').delete();
      // With every trace in the database gone, only the checkpoint kept apart from it can tell.
      expect(await verdictOf(owner)).toMatchObject({ intact: true, rows: 2 });
      expect(await verdictOf(owner, checkpoint)).toMatchObject({ intact: false, problem: "the trail ends at row 2, before the checkpoint's row 4: rows at the end were removed" });
    });
  });

  it('sees a chain the owner rebuilt with the schema\'s own function after removing, re-numbering and re-timing rows', async () => {
    await withOwnDatabase(async (owner) => {
      const rows = await write(owner, 4);
      await sealAuditTrail(owner, keys);
      rows.push(...(await write(owner, 4)));
      await sealAuditTrail(owner, keys);
      const checkpoint = await checkpointNow(owner);

      await owner('audit_events').where({ id: rows[1]!.id }).delete();
      for (const row of rows.slice(2)) await owner('audit_events').where({ id: row.id }).update({ seq: row.seq - 1 });
      await recomputeWithSchemaFunction(owner);
      expect(await verdictOf(owner)).toMatchObject({ intact: false, at: { seq: 4, id: rows[4]!.id }, problem: 'the chain differs from its seal at row 4: rows up to it were removed, added, altered or re-timed' });
      await owner('audit_seals').delete();
      expect(await verdictOf(owner, checkpoint)).toMatchObject({ intact: false, problem: "the trail ends at row 7, before the checkpoint's row 8: rows at the end were removed" });
    });
    await withOwnDatabase(async (owner) => {
      const rows = await write(owner, 4);
      await sealAuditTrail(owner, keys);
      await owner('audit_events').where({ id: rows[1]!.id }).update({ created_at: owner.raw("created_at - interval '3 hours'") });
      await recomputeWithSchemaFunction(owner);
      expect(await verdictOf(owner)).toMatchObject({ intact: false, at: rows[3], problem: 'the chain differs from its seal at row 4: rows up to it were removed, added, altered or re-timed' });
    });
  });

  it('is not fooled by the owner changing the schema\'s functions, and says when the numbering trigger or function was changed', async () => {
    await withOwnDatabase(async (owner) => {
      const rows = await write(owner, 3);
      await sealAuditTrail(owner, keys);
      // A text function that leaves the action out would have hidden this change from a check that used it.
      await owner.raw(`CREATE OR REPLACE FUNCTION audit_row_text(a audit_events) RETURNS text LANGUAGE sql STABLE AS $$ SELECT a.id::text $$`);
      await owner('audit_events').where({ id: rows[1]!.id }).update({ action: 'nothing.to.see' });
      await recomputeWithSchemaFunction(owner);
      expect(await verdictOf(owner)).toMatchObject({ intact: false, at: rows[1], problem: expect.stringMatching(/^row 2: its tag does not match its content/) });
    });
    await withOwnDatabase(async (owner) => {
      await write(owner, 2);
      await owner.raw(`CREATE OR REPLACE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          NEW.seq := coalesce(NEW.seq, (SELECT max(seq) FROM audit_events) + 1);
          RETURN NEW;
        END $$`);
      expect(await verdictOf(owner)).toMatchObject({ intact: false, problem: "the function audit_events_chain, which leaves the rows' places to the numbering, was changed" });
    });
    await withOwnDatabase(async (owner) => {
      await write(owner, 2);
      await owner.raw('ALTER TABLE audit_events DISABLE TRIGGER audit_events_chain');
      expect(await verdictOf(owner)).toMatchObject({ intact: false, problem: "the trigger audit_events_chain, which leaves the rows' places to the numbering, was switched off" });
    });
    await withOwnDatabase(async (owner) => {
      await write(owner, 2);
      // A numbering that skips the rows the owner would rather not have placed (here: every one).
      await owner.raw(`CREATE OR REPLACE FUNCTION audit_events_number() RETURNS integer LANGUAGE plpgsql SECURITY DEFINER AS $$ BEGIN RETURN 0; END $$`);
      expect(await verdictOf(owner)).toMatchObject({ intact: false, problem: 'the function audit_events_number, which numbers the rows, was changed or is gone' });
    });
  });

  it('vouches for the rows from before the key through their first seal', async () => {
    await withOwnDatabase(async (owner) => {
      // As the migration found them: untagged rows, numbered, and the start recorded after them.
      await owner('audit_events').insert([1, 2, 3].map((i) => ({ actor_kind: 'system', action: `legacy.${i}`, outcome: 'success' })));
      await owner('audit_chain_start').update({ legacy_through: 3 });
      await write(owner, 2);
      expect(await sealAuditTrail(owner, keys)).toEqual({ sealedThrough: 5 });
      expect(await verdictOf(owner)).toMatchObject({ intact: true, rows: 5 });

      await owner('audit_events').where({ seq: 2 }).update({ action: 'legacy.rewritten' });
      expect(await verdictOf(owner)).toMatchObject({ intact: false, problem: 'the chain differs from its seal at row 5: rows up to it were removed, added, altered or re-timed' });
      await owner('audit_events').where({ seq: 2 }).update({ action: 'legacy.2' });
      await owner('audit_chain_start').update({ legacy_through: 5 });
      expect((await verdictOf(owner)).intact).toBe(false);
    });
  });
});

describe('a checkpoint file', () => {
  it('is refused when altered, or signed with another key', () => {
    const file = checkpointFile(keys, { seq: 7, id: randomUUID(), link: 'x' });
    expect(readCheckpoint(keys, file)).toMatchObject({ seq: 7 });
    const moved = file.replace('"seq": 7', '"seq": 3');
    expect(() => readCheckpoint(keys, moved)).toThrow('The checkpoint file was altered, or signed with another AUDIT_KEY: its signature does not match.');
    expect(() => readCheckpoint(auditKeysFrom('another-audit-key-of-at-least-32-characters'), file)).toThrow(/signed with another AUDIT_KEY/);
    expect(() => readCheckpoint(keys, 'not json')).toThrow(/not JSON/);
  });

  it('ties a tag to one row', () => {
    const row = { id: randomUUID(), actorKind: 'patient', action: 'report.read', outcome: 'success' };
    expect(rowTag(keys, row)).toBe(rowTag(keys, { ...row, id: row.id.toUpperCase() }));
    expect(rowTag(keys, row)).not.toBe(rowTag(keys, { ...row, id: randomUUID() }));
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
