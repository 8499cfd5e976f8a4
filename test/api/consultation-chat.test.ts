import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/app';
import { createAdmin, signedInClient } from '../support/factories';
import { ChatMessage, Consultation } from '../../db/models';
import { CHAT_HISTORY_PAGE } from '../../common/constants';
import type { ChatHistoryResult } from '../../common/socket-events';
import { doctorParty, patientParty, type Party } from './consultations-fixtures';
import type { Doctor, User } from '../../db/models';

/**
 * Issue 38: a consultation's chat stays readable by both of its sides after it ends, read-only and a page
 * at a time, over REST (GET /api/consultations/{id}/chat); anyone else is told it does not exist.
 */
let server: TestServer;
let patient: Party<User>;
let doctor: Party<Doctor>;
let consultationId: string;
const LINES = CHAT_HISTORY_PAGE + 7;

beforeAll(async () => {
  server = await startTestServer();
  patient = await patientParty(server.url, { firstName: 'Nora', lastName: 'Quinn' });
  doctor = await doctorParty(server.url, { name: 'Dr. Maya Okafor' });
  const consultation = await Consultation.query().insert({
    patientId: patient.account.record.id,
    doctorId: doctor.account.record.id,
    appointmentDate: new Date(Date.now() - 3_600_000),
    status: 'completed',
    consultationType: 'chat',
  });
  consultationId = consultation.id;
  const start = Date.now() - 1_800_000;
  await ChatMessage.query().insert(
    Array.from({ length: LINES }, (_, i) => ({
      consultationId,
      senderRole: i % 2 ? ('doctor' as const) : ('patient' as const),
      senderId: i % 2 ? doctor.account.record.id : patient.account.record.id,
      text: `line ${i}`,
      createdAt: new Date(start + i * 1000),
    })),
  );
});
afterAll(() => server.close());

const transcript = (party: Party<unknown>, query = '') => party.client.get(`/api/consultations/${consultationId}/chat${query}`);

describe("a finished consultation's chat transcript", () => {
  it.each(['patient', 'doctor'] as const)('is readable by its %s, latest page first, older pages by before', async (side) => {
    const party = side === 'patient' ? patient : doctor;
    const latest = await transcript(party);
    expect(latest.status).toBe(200);
    const page: ChatHistoryResult = latest.body;
    expect(page.messages.map((m) => m.text)).toEqual(Array.from({ length: CHAT_HISTORY_PAGE }, (_, i) => `line ${i + 7}`));
    expect(page.hasMore).toBe(true);
    expect(page.messages[0]).toMatchObject({ sender: 'doctor', senderName: 'Dr. Maya Okafor', consultationId });
    expect(page.messages[1]).toMatchObject({ sender: 'patient', senderName: 'Nora Quinn' });

    const earlier = await transcript(party, `?before=${page.messages[0]!.id}`);
    expect(earlier.body.messages.map((m: { text: string }) => m.text)).toEqual(Array.from({ length: 7 }, (_, i) => `line ${i}`));
    expect(earlier.body.hasMore).toBe(false);
  });

  it('pages by a smaller limit too', async () => {
    const small = await transcript(patient, '?limit=2');
    expect(small.body.messages.map((m: { text: string }) => m.text)).toEqual([`line ${LINES - 2}`, `line ${LINES - 1}`]);
  });

  it('answers 404 to another patient, another doctor and an unknown consultation and an admin', async () => {
    const stranger = await patientParty(server.url);
    const otherDoctor = await doctorParty(server.url);
    expect((await transcript(stranger)).status).toBe(404);
    expect((await transcript(otherDoctor)).status).toBe(404);
    expect((await patient.client.get(`/api/consultations/${randomUUID()}/chat`)).status).toBe(404);
    const admin = await signedInClient(server.url, await createAdmin());
    expect((await admin.get(`/api/consultations/${consultationId}/chat`)).status).toBe(404);
  });

  it('refuses bad paging with a 400 saying why', async () => {
    const badCursor = await transcript(patient, '?before=yesterday');
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.fields.before).toBe('Before must be a message id');
    const badLimit = await transcript(patient, `?limit=${CHAT_HISTORY_PAGE + 1}`);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.fields.limit).toBe(`Limit must be at most ${CHAT_HISTORY_PAGE}`);
  });

  it('writes nothing: the transcript is read-only', async () => {
    const response = await patient.client.post(`/api/consultations/${consultationId}/chat`, { text: 'late line' });
    expect([404, 405]).toContain(response.status);
    expect(await ChatMessage.query().where({ consultationId }).resultSize()).toBe(LINES);
  });
});
