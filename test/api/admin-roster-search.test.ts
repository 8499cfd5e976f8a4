import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from '../support/app';
import { createAdmin, signedInClient, unique } from '../support/factories';
import { testKnex } from '../support/db';
import type { TestClient } from '../support/client';
import { ROSTER_ORDER, rosterDoctors } from '../../server/policies/doctor';
import type { PublicDoctor } from '../../common/api-types';

/**
 * Issue 38: the admin roster at 2,000 doctors is searched and paged by the server, and the search reads the
 * trigram index rather than every row. Speed itself is the bench's to measure, not this test's.
 */
const ROSTER_SIZE = 2000;

let server: TestServer;
let admin: TestClient;
let knex: Knex;
/** A word only this run's doctors carry, so the shared test database's other doctors never match. */
const batch = unique('rost').replace(/[^a-z0-9]/gi, '').toLowerCase();

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInClient(server.url, await createAdmin());
  knex = await testKnex();
  const start = Date.parse('2026-01-01T00:00:00Z');
  const rows = Array.from({ length: ROSTER_SIZE }, (_, i) => ({
    id: randomUUID(),
    name: i === 1234 ? `Dr. Maya Okafor${batch}` : `Dr. Sam Doe ${batch} ${i}`,
    specialty: i === 77 ? 'Ophthalmology' : 'General Practice',
    license_number: `LIC-${batch}-${String(i).padStart(4, '0')}`,
    email: `doc${i}.${batch}@roster.test`,
    password_hash: 'not-a-real-hash',
    phone: '+1 555 0100',
    created_at: new Date(start + i * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 500) await knex('doctors').insert(rows.slice(i, i + 500));
  await knex.raw('ANALYZE doctors');
}, 120_000);
afterAll(() => server.close());

const names = (body: PublicDoctor[]) => body.map((d) => d.name);

describe('the admin roster at 2,000 doctors', () => {
  it('finds a doctor by part of the name, email, specialty or licence number, in any case', async () => {
    const byName = await admin.get(`/api/admin/doctors?q=${encodeURIComponent(`okafor${batch.toUpperCase()}`)}`);
    expect(byName.status).toBe(200);
    expect(names(byName.body)).toEqual([`Dr. Maya Okafor${batch}`]);
    expect(byName.headers.get('x-total-count')).toBe('1');

    const byEmail = await admin.get(`/api/admin/doctors?q=doc1234.${batch}@`);
    expect(names(byEmail.body)).toEqual([`Dr. Maya Okafor${batch}`]);
    const byLicence = await admin.get(`/api/admin/doctors?q=LIC-${batch}-0077`);
    expect(byLicence.body.map((d: PublicDoctor) => d.specialty)).toEqual(['Ophthalmology']);
  });

  it('treats % and _ in the search as text, not wildcards', async () => {
    const response = await admin.get(`/api/admin/doctors?q=${encodeURIComponent(`${batch}%0`)}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('pages the matches newest first with their total, pages never overlapping', async () => {
    const first = await admin.get(`/api/admin/doctors?q=${batch}&limit=20`);
    const second = await admin.get(`/api/admin/doctors?q=${batch}&limit=20&offset=20`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe(String(ROSTER_SIZE));
    expect(first.body).toHaveLength(20);
    expect(first.body[0].email).toBe(`doc1999.${batch}@roster.test`);
    expect(second.body[0].email).toBe(`doc1979.${batch}@roster.test`);
    const last = await admin.get(`/api/admin/doctors?q=${batch}&limit=20&offset=1990`);
    expect(last.body.map((d: PublicDoctor) => d.email).at(-1)).toBe(`doc0.${batch}@roster.test`);
    expect(last.body).toHaveLength(10);
  });

  it('still answers the whole roster as a plain list to a client that sends no query', async () => {
    const all = await admin.get('/api/admin/doctors');
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body.filter((d: PublicDoctor) => d.email.endsWith(`.${batch}@roster.test`))).toHaveLength(ROSTER_SIZE);
  });

  it.each([
    ['limit=0', 'Limit must be at least 1'],
    ['limit=101', 'Limit must be at most 100'],
    ['limit=ten', 'Limit must be a number'],
    ['offset=-1', 'Offset cannot be negative'],
    [`q=${'x'.repeat(101)}`, 'Search must be at most 100 characters'],
  ])('refuses %s with a 400 saying why', async (query, message) => {
    const response = await admin.get(`/api/admin/doctors?${query}`);
    expect(response.status).toBe(400);
    expect(Object.values(response.body.fields ?? {})).toContain(message);
  });

  it('refuses a query parameter it does not know', async () => {
    const response = await admin.get('/api/admin/doctors?sort=name');
    expect(response.status).toBe(400);
  });

  /** The plan of one of the roster's queries when the planner may not take the plan named (a Seq Scan, say) unless nothing else can serve it. */
  async function planWithout(query: { toKnexQuery(): Knex.QueryBuilder }, disabled: string[]): Promise<string> {
    const { sql, bindings } = query.toKnexQuery().toSQL();
    return knex.transaction(async (trx) => {
      for (const setting of disabled) await trx.raw(`SET LOCAL ${setting} = off`);
      const explained = await trx.raw(`EXPLAIN (FORMAT JSON) ${sql}`, bindings);
      return JSON.stringify(explained.rows[0]['QUERY PLAN']);
    });
  }

  it('searches with the expression the trigram index holds, so the planner can read the index', async () => {
    // With 2,000 short rows a sequential scan may still cost the planner less (its own call, and a fine one);
    // turning sequential scans off asks whether the index can serve this query at all: it cannot if the
    // search's expression drifts from the indexed one, and then the plan falls back to a (disabled) Seq Scan.
    const plan = await planWithout(rosterDoctors(`okafor${batch}`).orderBy([...ROSTER_ORDER]).limit(20), ['enable_seqscan', 'enable_indexscan']);
    expect(plan).toContain('"Index Name":"doctors_roster_search_index"');
    expect(plan).not.toContain('"Node Type":"Seq Scan"');
  });

  it('reads an unsearched page in roster order from the index, not by sorting every row', async () => {
    const plan = await planWithout(rosterDoctors().orderBy([...ROSTER_ORDER]).limit(12).offset(24), ['enable_seqscan', 'enable_sort']);
    expect(plan).toContain('"Index Name":"doctors_created_index"');
    expect(plan).not.toContain('"Node Type":"Seq Scan"');
    expect(plan).not.toContain('"Node Type":"Sort"');
  });
});
