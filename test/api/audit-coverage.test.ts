/**
 * Reads that used to leave no trace write their audit row: the profile (patients, admins, doctors),
 * Access history, the passkey and signed-in device lists, and the admin's roster.
 */
import { startTestServer, type TestServer } from '../support/app';
import { createAdmin, signedInClient } from '../support/factories';
import { doctorParty, patientParty } from './consultations-fixtures';
import { AuditEvent } from '../../db/models';
import type { TestClient } from '../support/client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The audit rows written by one request (found by the request id it answered with). */
async function auditedBy(client: TestClient, path: string) {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  return AuditEvent.query().where({ requestId: res.headers.get('x-request-id')! });
}

describe('reads that are audited', () => {
  it.each([
    ['/api/auth/me', 'profile.read'],
    ['/api/access-history', 'access_history.read'],
    ['/api/passkeys', 'passkey.list'],
    ['/api/auth/sessions', 'auth.list_sessions'],
  ])("a patient's GET %s writes one %s row about them", async (path, action) => {
    const patient = await patientParty(server.url);
    const rows = await auditedBy(patient.client, path);
    expect(rows).toEqual([expect.objectContaining({ action, outcome: 'success', actorKind: 'patient', patientId: patient.account.record.id })]);
  });

  it("a doctor's profile read and an admin's roster read write their rows", async () => {
    const doctor = await doctorParty(server.url);
    expect(await auditedBy(doctor.client, '/api/auth/doctor/me')).toEqual([
      expect.objectContaining({ action: 'profile.read', actorKind: 'doctor', resourceId: doctor.account.record.id, patientId: null }),
    ]);
    const admin = await signedInClient(server.url, await createAdmin());
    expect(await auditedBy(admin, '/api/admin/doctors')).toEqual([expect.objectContaining({ action: 'admin.list_doctors', actorKind: 'admin', patientId: null })]);
  });
});
