import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/app';
import { createDoctor, createPatient, signedInClient } from '../support/factories';
import { insertDocumentWithOriginal } from '../support/stored-documents';
import { AuditEvent, Consultation } from '../../db/models';
import { book, doctorParty, patientParty } from './consultations-fixtures';
import { insertAppointment, insertMedication, insertReport } from './records-fixtures';
import type { TestClient } from '../support/client';

/**
 * A record out of the asker's reach answers 404, exactly as one that does not exist, and the refusal is on
 * record: a `denied` row naming who asked, what they asked, which record, the request's id, and whose data
 * it is when the record exists (so the row shows in that patient's Access history).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 86_400_000;

interface Refusal {
  status: number;
  message: string;
  requestId: string | null;
}

async function refusal(answer: Promise<{ status: number; body: any; headers: Headers }>): Promise<Refusal> {
  const res = await answer;
  return { status: res.status, message: res.body?.message, requestId: res.headers.get('x-request-id') };
}

const deniedRowOf = (requestId: string | null) =>
  AuditEvent.query()
    .where({ requestId: requestId ?? '' })
    .select('actorKind', 'actorId', 'action', 'resourceType', 'resourceId', 'patientId', 'outcome');

describe("a patient asking for another patient's records", () => {
  it('is answered 404 for a report, a medication, an appointment and a document, each refusal audited with the owner', async () => {
    const owner = await createPatient();
    const asker = await patientParty(server.url);
    const report = await insertReport(owner.record.id);
    const medication = await insertMedication(owner.record.id);
    const appointment = await insertAppointment(owner.record.id);
    const document = await insertDocumentWithOriginal({ userId: owner.record.id, filename: 'scan.png', mimeType: 'image/png' }, Buffer.from('scan'));
    const asked: [Promise<{ status: number; body: any; headers: Headers }>, string, string, string, string][] = [
      [asker.client.get(`/api/medical-reports/${report.id}`), 'GET', `/api/medical-reports/${report.id}`, 'medical_report', report.id],
      [asker.client.patch(`/api/medications/${medication.id}`, { dosage: '20mg' }), 'PATCH', `/api/medications/${medication.id}`, 'medication', medication.id],
      [asker.client.delete(`/api/appointments/${appointment.id}`), 'DELETE', `/api/appointments/${appointment.id}`, 'appointment', appointment.id],
      [asker.client.get(`/api/documents/${document.id}/file`), 'GET', `/api/documents/${document.id}/file`, 'document', document.id],
    ];
    for (const [answer, method, path, resourceType, resourceId] of asked) {
      const refused = await refusal(answer);
      expect(refused).toMatchObject({ status: 404, message: expect.stringMatching(/ not found\.$/) });
      expect(await deniedRowOf(refused.requestId)).toEqual([
        { actorKind: 'patient', actorId: asker.account.record.id, action: `denied ${method} ${path}`, resourceType, resourceId, patientId: owner.record.id, outcome: 'denied' },
      ]);
    }
  });

  it('shows the owner, in their Access history, that another patient was refused, without saying who', async () => {
    const owner = await patientParty(server.url);
    const asker = await patientParty(server.url);
    const report = await insertReport(owner.account.record.id);
    expect((await asker.client.get(`/api/medical-reports/${report.id}`)).status).toBe(404);
    const history = await owner.client.get('/api/access-history?by=others');
    expect(history.body.entries).toEqual([
      expect.objectContaining({ who: 'Another patient', what: 'Tried to open your records and was refused', outcome: 'denied' }),
    ]);
  });

  it('answers a record that does not exist the same way, with a denied row that names no patient', async () => {
    const asker = await patientParty(server.url);
    const missing = randomUUID();
    const refused = await refusal(asker.client.get(`/api/medical-reports/${missing}`));
    expect(refused).toMatchObject({ status: 404, message: 'Report not found.' });
    expect(await deniedRowOf(refused.requestId)).toEqual([
      { actorKind: 'patient', actorId: asker.account.record.id, action: `denied GET /api/medical-reports/${missing}`, resourceType: 'medical_report', resourceId: missing, patientId: null, outcome: 'denied' },
    ]);
  });

  it('writes no denied row for a record of their own', async () => {
    const party = await patientParty(server.url);
    const report = await insertReport(party.account.record.id);
    const read = await party.client.get(`/api/medical-reports/${report.id}`);
    expect(read.status).toBe(200);
    expect(await AuditEvent.query().where({ requestId: read.headers.get('x-request-id')!, outcome: 'denied' })).toEqual([]);
  });
});

describe('a foreign consultation', () => {
  it('is 404 to another patient and to another doctor, each refusal audited with its patient', async () => {
    const patient = await patientParty(server.url);
    const doctor = await doctorParty(server.url);
    const consultation = await book(patient.client, doctor.account.record.id);
    const otherPatient = await patientParty(server.url);
    const otherDoctor = await doctorParty(server.url);

    const asPatient = await refusal(otherPatient.client.get(`/api/consultations/${consultation.id}`));
    expect(asPatient).toMatchObject({ status: 404, message: 'Consultation not found.' });
    expect(await deniedRowOf(asPatient.requestId)).toEqual([
      {
        actorKind: 'patient',
        actorId: otherPatient.account.record.id,
        action: `denied GET /api/consultations/${consultation.id}`,
        resourceType: 'consultation',
        resourceId: consultation.id,
        patientId: patient.account.record.id,
        outcome: 'denied',
      },
    ]);

    const asDoctor = await refusal(otherDoctor.client.get(`/api/doctor/consultation/${consultation.id}`));
    expect(asDoctor).toMatchObject({ status: 404, message: 'Consultation not found.' });
    expect(await deniedRowOf(asDoctor.requestId)).toEqual([
      {
        actorKind: 'doctor',
        actorId: otherDoctor.account.record.id,
        action: `denied GET /api/doctor/consultation/${consultation.id}`,
        resourceType: 'consultation',
        resourceId: consultation.id,
        patientId: patient.account.record.id,
        outcome: 'denied',
      },
    ]);
  });
});

describe("a doctor reading a patient's records", () => {
  async function doctorWhoseCareEnded(daysAgo: number): Promise<{ client: TestClient; doctorId: string; patientId: string }> {
    const patient = await createPatient();
    const doctor = await createDoctor();
    await Consultation.query().insert({
      patientId: patient.record.id,
      doctorId: doctor.record.id,
      appointmentDate: new Date(Date.now() - daysAgo * DAY),
      duration: 30,
      status: 'completed',
      consultationType: 'video',
      fee: 5000,
    });
    return { client: await signedInClient(server.url, doctor), doctorId: doctor.record.id, patientId: patient.record.id };
  }

  it('outside the access window is refused 404, audited with the patient', async () => {
    const care = await doctorWhoseCareEnded(31);
    const refused = await refusal(care.client.get(`/api/doctor/patient/${care.patientId}/records`));
    expect(refused).toMatchObject({ status: 404, message: 'Patient not found.' });
    expect(await deniedRowOf(refused.requestId)).toEqual([
      {
        actorKind: 'doctor',
        actorId: care.doctorId,
        action: `denied GET /api/doctor/patient/${care.patientId}/records`,
        resourceType: 'patient_records',
        resourceId: care.patientId,
        patientId: care.patientId,
        outcome: 'denied',
      },
    ]);
  });

  it('who never treated the patient is refused 404, audited with the patient when they exist and without when not', async () => {
    const stranger = await doctorParty(server.url);
    const patient = await createPatient();
    const nobody = randomUUID();
    for (const [patientId, named] of [
      [patient.record.id, patient.record.id],
      [nobody, null],
    ] as const) {
      const refused = await refusal(stranger.client.get(`/api/doctor/patient/${patientId}/records`));
      expect(refused.status).toBe(404);
      expect(await deniedRowOf(refused.requestId)).toEqual([
        expect.objectContaining({ actorId: stranger.account.record.id, resourceType: 'patient_records', resourceId: patientId, patientId: named, outcome: 'denied' }),
      ]);
    }
  });

  it('inside the window reads them, with no denied row', async () => {
    const care = await doctorWhoseCareEnded(3);
    const read = await care.client.get(`/api/doctor/patient/${care.patientId}/records`);
    expect(read.status).toBe(200);
    expect(await AuditEvent.query().where({ requestId: read.headers.get('x-request-id')!, outcome: 'denied' })).toEqual([]);
  });
});
