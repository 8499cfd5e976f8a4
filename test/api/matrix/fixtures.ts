import { randomBytes } from 'node:crypto';
import type { TestServer } from '../../support/app';
import { TestClient } from '../../support/client';
import { createAdmin, createDoctor, createPatient, unique, type Account } from '../../support/factories';
import { Consultation, ConsultationGuest, MedicalReport, WebauthnCredential, type Doctor, type User } from '../../../db/models';
import { issueGuestLink } from '../../../server/services/consultation-guests';
import type { ConsultationSide } from '../../../server/policies/consultation';
import { ACTORS, type ActorName } from './types';

interface PatientFixture {
  account: Account<User>;
  id: string;
  reportId: string;
  /** Booked with `doctor` for patient A, with `otherDoctor` for patient B. */
  consultationId: string;
}

interface DoctorFixture {
  account: Account<Doctor>;
  id: string;
}

/**
 * The world every matrix row runs against: two patients each with a report and a consultation, an admin,
 * a doctor (patient A's) and another doctor (patient B's), each with a signed-in client. Areas add the
 * records they need here (or build them per actor in a row's `path`).
 */
export interface Fixtures {
  server: TestServer;
  patientA: PatientFixture;
  patientB: PatientFixture;
  admin: Account<User>;
  doctor: DoctorFixture;
  otherDoctor: DoctorFixture;
  /** Patient A's doctor of long ago, and that consultation (completed 40 days ago, outside the access window). */
  formerDoctor: DoctorFixture & { consultationId: string };
  clients: Record<ActorName, TestClient>;
  /** A new browser signed in as the actor (a visitor's is simply new). */
  signIn(actor: ActorName): Promise<TestClient>;
  /** A passkey of patient A's, new at each call. */
  newPasskeyOfPatientA(): Promise<string>;
  /** A new guest link's token: to patient A's consultation with `doctor`, or to `consultationId`; asked by the doctor unless `by` says. */
  newGuestLink(options?: { consultationId?: string; by?: ConsultationSide }): Promise<{ guestId: string; token: string }>;
}

/** Every browser speaks from an address of its own, so sign-in failure counts never collide between runs. */
function browser(server: TestServer): TestClient {
  const part = () => Math.floor(Math.random() * 250);
  return new TestClient(server.url, { 'X-Forwarded-For': `10.${part()}.${part()}.${part()}` });
}

async function signedIn(server: TestServer, account: Account<User> | Account<Doctor>): Promise<TestClient> {
  const client = browser(server);
  const isDoctor = 'specialty' in account.record;
  const res = isDoctor
    ? await client.post('/api/auth/doctor/login', { email: account.login, password: account.password })
    : await client.post('/api/auth/login', { usernameOrEmail: account.login, password: account.password });
  if (res.status !== 200) throw new Error(`matrix fixture sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

/** A guest link to the consultation, as its inviter would have made it. */
async function guestLink(consultationId: string, by: ConsultationSide) {
  const { guest, token } = await ConsultationGuest.transaction((trx) => issueGuestLink(trx, { consultationId, invitedBy: by, expiresAt: new Date(Date.now() + 3_600_000) }));
  return { guestId: guest.id, token };
}

/** A browser that opened a guest link to the consultation. */
async function guestBrowser(server: TestServer, consultationId: string, doctorId: string): Promise<TestClient> {
  const { token } = await guestLink(consultationId, { kind: 'doctor', doctorId, name: 'Matrix Doctor' });
  const client = browser(server);
  const res = await client.post('/api/guest/join', { token, name: 'Matrix Guest' });
  if (res.status !== 201) throw new Error(`matrix fixture guest link failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

async function patientWith(doctorId: string): Promise<PatientFixture> {
  const account = await createPatient();
  const report = await MedicalReport.query().insert({ userId: account.record.id, title: unique('Report '), type: 'blood_work', reportDate: new Date() });
  const consultation = await Consultation.query().insert({
    patientId: account.record.id,
    doctorId,
    appointmentDate: new Date(Date.now() + 86_400_000),
    meetingRoomId: unique('mv-'),
  });
  return { account, id: account.record.id, reportId: report.id, consultationId: consultation.id };
}

export async function buildFixtures(server: TestServer): Promise<Fixtures> {
  const [doctorAccount, otherDoctorAccount, formerDoctorAccount, admin] = await Promise.all([
    createDoctor(),
    createDoctor({ name: 'Other Doctor' }),
    createDoctor({ name: 'Former Doctor' }),
    createAdmin(),
  ]);
  const doctor = { account: doctorAccount, id: doctorAccount.record.id };
  const otherDoctor = { account: otherDoctorAccount, id: otherDoctorAccount.record.id };
  const [patientA, patientB] = await Promise.all([patientWith(doctor.id), patientWith(otherDoctor.id)]);
  const longAgo = await Consultation.query().insert({
    patientId: patientA.id,
    doctorId: formerDoctorAccount.record.id,
    appointmentDate: new Date(Date.now() - 40 * 86_400_000),
    status: 'completed',
    meetingRoomId: unique('mv-'),
  });
  const formerDoctor = { account: formerDoctorAccount, id: formerDoctorAccount.record.id, consultationId: longAgo.id };
  const accounts = { patientA: patientA.account, patientB: patientB.account, admin, doctor: doctor.account, otherDoctor: otherDoctor.account, formerDoctor: formerDoctor.account };
  const signIn = (actor: ActorName) => {
    if (actor === 'anonymous') return Promise.resolve(browser(server));
    if (actor === 'guest') return guestBrowser(server, patientA.consultationId, doctor.id);
    return signedIn(server, accounts[actor]);
  };
  const clients = Object.fromEntries(await Promise.all(ACTORS.map(async (actor) => [actor, await signIn(actor)]))) as Record<ActorName, TestClient>;
  return {
    server,
    patientA,
    patientB,
    admin,
    doctor,
    otherDoctor,
    formerDoctor,
    clients,
    signIn,
    async newPasskeyOfPatientA() {
      const passkey = await WebauthnCredential.query().insert({
        userId: patientA.id,
        credentialId: randomBytes(16).toString('base64url'),
        publicKey: randomBytes(77).toString('base64url'),
        counter: 0,
      });
      return passkey.id;
    },
    newGuestLink({ consultationId = patientA.consultationId, by = { kind: 'doctor', doctorId: doctor.id, name: 'Matrix Doctor' } as ConsultationSide } = {}) {
      return guestLink(consultationId, by);
    },
  };
}
