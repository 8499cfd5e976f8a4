import { AuditEvent, Notification } from '../../db/models';
import { startTestServer, type TestServer } from '../support/app';
import { createAdmin, signedInClient, unique } from '../support/factories';
import type { TestClient } from '../support/client';
import { patientParty } from './consultations-fixtures';
import { pollFor } from '../support/poll';

/** Support (issue 39): patients write to the support team, the admin answers from a queue where Premium's requests come first. */

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInClient(server.url, await createAdmin());
}, 60_000);
afterAll(() => server.close());

const premiumPatient = () => patientParty(server.url, { stripeSubscriptionId: unique('sub_test_') });

describe('support requests', () => {
  it("puts a Premium patient's request before a free patient's older one, marked priority; answered ones go after the open ones", async () => {
    const free = await patientParty(server.url, { firstName: 'Fran', lastName: 'Free' });
    const premium = await premiumPatient();
    const first = await free.client.post('/api/support-requests', { subject: 'Cannot upload', message: 'My PDF is refused.' });
    const second = await premium.client.post('/api/support-requests', { subject: 'Billing question', message: 'When is my next charge?' });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body).toEqual(expect.objectContaining({ subject: 'Cannot upload', priority: false, answer: null, answeredAt: null }));
    expect(second.body.priority).toBe(true);

    const ours = [first.body.id, second.body.id];
    const queue = async () => ((await admin.get('/api/admin/support-requests')).body as { id: string; priority: boolean; patientName: string }[]).filter((r) => ours.includes(r.id));
    expect((await queue()).map((r) => [r.id, r.priority])).toEqual([
      [second.body.id, true],
      [first.body.id, false],
    ]);
    expect((await queue())[1]!.patientName).toBe('Fran Free');

    expect((await admin.post(`/api/admin/support-requests/${second.body.id}/answer`, { answer: 'On the 1st of each month.' })).status).toBe(200);
    expect((await queue()).map((r) => r.id)).toEqual([first.body.id, second.body.id]);
  });

  it('tells the patient the answer (bell), shows it to them, and answers a request once', async () => {
    const patient = await premiumPatient();
    const sent = await patient.client.post('/api/support-requests', { subject: 'Export', message: 'Where is the PDF export?' });
    const answered = await admin.post(`/api/admin/support-requests/${sent.body.id}/answer`, { answer: 'Reports, then Export PDF.' });
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual(expect.objectContaining({ id: sent.body.id, answer: 'Reports, then Export PDF.', answeredAt: expect.any(String) }));

    const notes = await pollFor('the answer in the bell', async () => {
      const rows = await Notification.query().where({ userId: patient.account.record.id, type: 'support_answered' });
      return rows.length ? rows : undefined;
    });
    expect(notes.map((n) => n.title)).toEqual(['Support answered your request']);
    const mine = await patient.client.get(`/api/support-requests/${sent.body.id}`);
    expect(mine.body).toEqual(expect.objectContaining({ answer: 'Reports, then Export PDF.' }));
    expect((await patient.client.get('/api/support-requests')).body.map((r: { id: string }) => r.id)).toEqual([sent.body.id]);

    const again = await admin.post(`/api/admin/support-requests/${sent.body.id}/answer`, { answer: 'Second answer' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already been answered/);
    expect((await patient.client.get(`/api/support-requests/${sent.body.id}`)).body.answer).toBe('Reports, then Export PDF.');
  });

  it("answers another patient's request 404, as if it did not exist, and writes the refusal down", async () => {
    const owner = await patientParty(server.url);
    const other = await patientParty(server.url);
    const sent = await owner.client.post('/api/support-requests', { subject: 'Mine', message: 'Private question' });
    const res = await other.client.get(`/api/support-requests/${sent.body.id}`);
    expect(res.status).toBe(404);
    expect((await other.client.get('/api/support-requests')).body).toEqual([]);
    const denied = await AuditEvent.query().where({ requestId: res.headers.get('x-request-id'), outcome: 'denied' });
    expect(denied).toEqual([expect.objectContaining({ resourceType: 'support_request', resourceId: sent.body.id, patientId: owner.account.record.id })]);
  });

  it('refuses an empty request or answer with messages on the fields, and an unknown request 404', async () => {
    const patient = await patientParty(server.url);
    const blank = await patient.client.post('/api/support-requests', { subject: ' ', message: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({ subject: 'Please say in a few words what you need help with', message: 'Please describe what you need help with' });
    const sent = await patient.client.post('/api/support-requests', { subject: 'Hello', message: 'A question' });
    expect((await admin.post(`/api/admin/support-requests/${sent.body.id}/answer`, { answer: '' })).body.fields).toEqual({ answer: 'Please write an answer' });
    expect((await admin.post('/api/admin/support-requests/00000000-0000-4000-8000-000000000000/answer', { answer: 'Hi' })).status).toBe(404);
  });

  it("audits the patient's request and the admin's answer under the patient's name (their Access history shows them)", async () => {
    const patient = await patientParty(server.url);
    const sent = await patient.client.post('/api/support-requests', { subject: 'Audit', message: 'Who reads this?' });
    await admin.post(`/api/admin/support-requests/${sent.body.id}/answer`, { answer: 'Only the support team.' });
    const rows = await AuditEvent.query().where({ resourceId: sent.body.id, outcome: 'success' }).orderBy('createdAt');
    expect(rows.map((r) => [r.action, r.actorKind, r.patientId])).toEqual([
      ['support_request.create', 'patient', patient.account.record.id],
      ['support_request.answer', 'admin', patient.account.record.id],
    ]);
  });
});
