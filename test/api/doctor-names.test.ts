import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createAdmin, signedInClient, unique } from '../support/factories';
import { doctorLabel } from '../../common/names';
import type { AccessHistoryEntry, Consultation } from '../../common/api-types';
import { book, patientParty } from './consultations-fixtures';

/**
 * The admin roster's name field may carry the title ('Dr. Jane Smith'). The API gives the name as
 * entered; every screen and every sentence the server writes shows it through doctorLabel, once titled.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DOUBLED = /\bDr\.?\s*Dr\b/i;

async function rosterDoctor(name: string) {
  const admin = await signedInClient(server.url, await createAdmin());
  const email = `${unique('jane')}@clinic.test`;
  const password = 'Initial-Pass-1';
  const created = await admin.post('/api/admin/doctors', {
    name,
    email,
    specialty: 'General Practice',
    licenseNumber: unique('MD-'),
    phone: '+1 555 0142',
    experience: 9,
    consultationFee: 5000,
    password,
  });
  expect(created.status).toBe(201);
  expect((await admin.patch(`/api/admin/doctors/${created.body.id}/verification`, { isVerified: true })).status).toBe(200);
  const client = new TestClient(server.url);
  expect((await client.post('/api/auth/doctor/login', { email, password })).status).toBe(200);
  return { id: created.body.id as string, client };
}

describe.each(['Dr. Jane Smith', 'Jane Smith'])('a doctor entered in the roster as %j', (entered) => {
  it('is shown as "Dr. Jane Smith" in the consultations list, access history and summaries', async () => {
    const doctor = await rosterDoctor(entered);
    const patient = await patientParty(server.url);
    const booked = await book(patient.client, doctor.id);

    const listed: Consultation[] = (await patient.client.get('/api/consultations')).body;
    const consultation = listed.find((c) => c.id === booked.id)!;
    expect(consultation.doctorName).toBe(entered);
    expect(doctorLabel(consultation.doctorName)).toBe('Dr. Jane Smith');

    expect((await doctor.client.get(`/api/doctor/patient/${patient.account.record.id}/records`)).status).toBe(200);
    const history: AccessHistoryEntry[] = (await patient.client.get('/api/access-history?by=others')).body.entries;
    expect(history.map((e) => `${e.who} | ${e.what}`)).toContain('Dr. Jane Smith | Viewed your medical records');

    const summary = await patient.client.post('/api/medical-summary', { type: 'health_insights', timeZone: 'UTC' });
    expect(summary.status).toBe(200);
    const texts: string[] = summary.body.statements.map((s: { text: string }) => s.text);
    expect(texts).toContainEqual(expect.stringMatching(/^Video Call consultation with Dr\. Jane Smith on /));
    expect(`${texts.join(' ')} ${summary.body.summary}`).not.toMatch(DOUBLED);
  });
});
