import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createAdmin, createDoctor, createPatient, signedInClient } from '../support/factories';
import { AuditEvent } from '../../db/models';
import type { AccessHistoryEntry } from '../../common/api-types';
import { FETCH_PURPOSE_HEADER, OFFLINE_COPY } from '../../common/constants';
import { storeDocumentWithReport } from '../../server/services/documents/storage';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(() => server.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const summary = (entries: AccessHistoryEntry[]) => entries.map((e) => `${e.who} | ${e.what} | ${e.outcome}`);

describe('GET /api/access-history', () => {
  it("lists the patient's own sign-ins and a stranger's failed attempt, newest first", async () => {
    const patient = await createPatient();
    const stranger = new TestClient(server.url, { 'X-Forwarded-For': '10.77.1.1' });
    await stranger.post('/api/auth/login', { usernameOrEmail: patient.login, password: 'guessing' });
    const client = await signedInClient(server.url, patient);
    const res = await client.get('/api/access-history');
    expect(res.status).toBe(200);
    expect(summary(res.body.entries)).toEqual(['You | Signed in | success', 'Someone | Failed sign-in attempt | failure']);
    expect(res.body.entries[0]).toEqual({
      id: expect.any(String),
      who: 'You',
      actorKind: 'patient',
      what: 'Signed in',
      action: 'auth.login',
      outcome: 'success',
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      reason: null,
    });
    expect(res.body.nextCursor).toBeNull();
  });

  it("names doctors and administrators, and never shows another patient's rows", async () => {
    const patient = await createPatient();
    const other = await createPatient();
    await signedInClient(server.url, other);
    const doctor = await createDoctor({ name: 'Amara Osei' });
    await AuditEvent.query().insert([
      { actorKind: 'doctor', actorId: doctor.record.id, actorName: 'Amara Osei', action: 'doctor.view_records', outcome: 'success', patientId: patient.record.id, createdAt: minutesAgo(2) },
      { actorKind: 'admin', actorId: (await createAdmin()).record.id, actorName: 'Ada Admin', action: 'report.export', outcome: 'success', patientId: patient.record.id, createdAt: minutesAgo(1) },
      { actorKind: 'doctor', actorId: doctor.record.id, actorName: 'Amara Osei', action: 'doctor.view_records', outcome: 'success', patientId: other.record.id },
    ]);
    const res = await (await signedInClient(server.url, patient)).get('/api/access-history');
    expect(summary(res.body.entries)).toEqual([
      'You | Signed in | success',
      'Administrator | Exported report | success',
      'Dr. Amara Osei | Viewed your medical records | success',
    ]);
    const ids = new Set((await AuditEvent.query().where({ patientId: other.record.id })).map((e) => e.id));
    expect(res.body.entries.some((e: AccessHistoryEntry) => ids.has(e.id))).toBe(false);
  });

  it("reads the call's own verbs in words: a join, a refused join, the doctor starting and completing from the call", async () => {
    const patient = await createPatient();
    const doctor = await createDoctor({ name: 'Amara Osei' });
    const byDoctor = { actorKind: 'doctor' as const, actorId: doctor.record.id, actorName: 'Amara Osei', patientId: patient.record.id };
    const byPatient = { actorKind: 'patient' as const, actorId: patient.record.id, patientId: patient.record.id };
    await AuditEvent.query().insert([
      { ...byPatient, action: 'consultation.join', outcome: 'denied', createdAt: minutesAgo(5) },
      { ...byPatient, action: 'consultation.join', outcome: 'success', createdAt: minutesAgo(4) },
      { ...byDoctor, action: 'consultation.status.in_progress', outcome: 'success', createdAt: minutesAgo(3) },
      { ...byDoctor, action: 'consultation.status.completed', outcome: 'success', createdAt: minutesAgo(2) },
    ]);
    const res = await (await signedInClient(server.url, patient)).get('/api/access-history');
    expect(summary(res.body.entries)).toEqual([
      'You | Signed in | success',
      'Dr. Amara Osei | Completed a consultation | success',
      'Dr. Amara Osei | Started a consultation | success',
      'You | Joined a consultation call | success',
      'You | Tried to join a consultation call and was refused (its fee not paid) | denied',
    ]);
  });

  it('tells a document the offline vault kept on the device from one the patient opened', async () => {
    const patient = await createPatient();
    const report = await storeDocumentWithReport(
      { userId: patient.record.id, filename: 'scan.pdf', mimeType: 'application/pdf', bytes: Buffer.from('%PDF-1.4 test'), pages: 1, extractedText: null, extraction: null },
      { title: 'Scan', type: 'blood_work', status: 'normal', reportDate: new Date(), doctorName: null, facility: null, summary: null, results: null },
    );
    const client = await signedInClient(server.url, patient);
    expect((await client.request('GET', report.documentUrl!, undefined, { [FETCH_PURPOSE_HEADER]: OFFLINE_COPY })).status).toBe(200);
    expect((await client.get(report.documentUrl!)).status).toBe(200);
    const res = await client.get('/api/access-history');
    expect(summary(res.body.entries).slice(0, 2)).toEqual(['You | Opened a document | success', 'You | Saved a document on a device for offline use | success']);
  });

  it("filters to what others did with by=others", async () => {
    const patient = await createPatient();
    const stranger = new TestClient(server.url, { 'X-Forwarded-For': '10.77.2.2' });
    await stranger.post('/api/auth/login', { usernameOrEmail: patient.login, password: 'guessing' });
    await AuditEvent.query().insert({ actorKind: 'doctor', actorName: 'Amara Osei', action: 'doctor.view_records', outcome: 'success', patientId: patient.record.id, createdAt: minutesAgo(1) });
    const client = await signedInClient(server.url, patient);
    const res = await client.get('/api/access-history?by=others');
    expect(summary(res.body.entries)).toEqual(['Someone | Failed sign-in attempt | failure', 'Dr. Amara Osei | Viewed your medical records | success']);
    expect((await client.get('/api/access-history?by=me')).body.fields).toEqual({ by: 'By must be anyone or others' });
  });

  it('pages with limit and the nextCursor, without gaps or repeats', async () => {
    const patient = await createPatient();
    await AuditEvent.query().insert(
      Array.from({ length: 5 }, (_, i) => ({
        actorKind: 'patient' as const,
        actorId: patient.record.id,
        action: 'report.read',
        outcome: 'success' as const,
        patientId: patient.record.id,
        createdAt: minutesAgo(i + 1),
      })),
    );
    const client = await signedInClient(server.url, patient);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { body: { entries: AccessHistoryEntry[]; nextCursor: string | null } } = await client.get(`/api/access-history?limit=2${cursor ? `&before=${cursor}` : ''}`);
      expect(res.body.entries.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.entries.map((e) => e.id));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    // Each page read is itself audited, after it is answered: those rows are newer than every paged one.
    const all: AccessHistoryEntry[] = (await client.get('/api/access-history?limit=100')).body.entries;
    expect(all.slice(0, pages).map((e) => e.action)).toEqual(Array(pages).fill('access_history.read'));
    expect(seen).toEqual(all.slice(pages).map((e) => e.id));
  });

  it('answers 400 with field messages for a bad limit, a bad cursor or an unknown parameter', async () => {
    const client = await signedInClient(server.url, await createPatient());
    expect((await client.get('/api/access-history?limit=0')).body.fields).toEqual({ limit: 'Limit must be at least 1' });
    expect((await client.get('/api/access-history?limit=500')).body.fields).toEqual({ limit: 'Limit must be at most 100' });
    expect((await client.get('/api/access-history?before=yesterday')).body.fields).toEqual({ before: 'Cursor must be the nextCursor of an earlier page' });
    const unknown = await client.get('/api/access-history?patientId=someone');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ patientId: 'Unknown field: patientId' });
  });

  it("gives nothing for another patient's cursor", async () => {
    const other = await createPatient();
    const [row] = await AuditEvent.query().insert([{ actorKind: 'patient', actorId: other.record.id, action: 'report.read', outcome: 'success', patientId: other.record.id }]).returning('*') as unknown as AuditEvent[];
    const client = await signedInClient(server.url, await createPatient());
    const res = await client.get(`/api/access-history?before=${row!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.entries).toEqual([]);
  });
});
