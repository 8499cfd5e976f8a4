/**
 * A clinic to load: patients with a few records each, doctors, a consultation booked between each
 * patient and a doctor, and the live calls (an in-progress consultation per call). Accounts are written
 * straight to the database (one password hash shared by all) and signed in over HTTP.
 */
import { Consultation, type Doctor, type User } from '../../db/models';
import { insertMedication, insertReport } from '../api/records-fixtures';
import { createDoctor, createPatient, signedInClient, type Account } from '../support/factories';
import type { TestClient } from '../support/client';
import { keepAliveTransport } from './http-transport';

export interface Member<T> {
  account: Account<T>;
  client: TestClient;
}

/** A doctor's booked consultation; `status` once the doctor moved it along. */
export interface BookedConsultation {
  id: string;
  patientId: string;
  status?: 'in_progress' | 'completed';
}

export interface Clinic {
  patients: Array<Member<User> & { reportIds: string[] }>;
  doctors: Array<Member<Doctor> & { consultations: BookedConsultation[] }>;
  calls: Array<{ consultationId: string; patient: Member<User>; doctor: Member<Doctor> }>;
}

export interface ClinicSize {
  patients: number;
  doctors: number;
  calls: number;
}

/** Runs `make` for 0..count-1, `width` at a time. */
async function inBatches<T>(count: number, width: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += width) {
    made.push(...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, offset) => make(start + offset)))));
  }
  return made;
}

const consultation = (patientId: string, doctorId: string, status: 'scheduled' | 'in_progress', hoursAhead: number) =>
  Consultation.query().insertAndFetch({
    patientId,
    doctorId,
    appointmentDate: new Date(Date.now() + hoursAhead * 3_600_000),
    duration: 30,
    status,
    consultationType: 'video',
    symptoms: 'Follow-up',
    fee: 5000,
  });

/** Patients sign in at `baseUrl`, doctors at `doctorsUrl` (another process, or a balancer in front of several). */
export async function openClinic(baseUrl: string, size: ClinicSize, doctorsUrl = baseUrl): Promise<Clinic> {
  const transport = keepAliveTransport();
  const doctors = await inBatches(size.doctors, 10, async (index) => {
    const account = await createDoctor({ name: `Load Doctor ${index + 1}` });
    return { account, client: await signedInClient(doctorsUrl, account, transport), consultations: [] as BookedConsultation[] };
  });
  const patients = await inBatches(size.patients, 10, async (index) => {
    const account = await createPatient({ firstName: 'Load', lastName: `Patient ${index + 1}` });
    const reports = await Promise.all([0, 1, 2].map((n) => insertReport(account.record.id, { title: `Blood panel ${n + 1}` })));
    await insertMedication(account.record.id);
    const doctor = doctors[index % doctors.length]!;
    const booked = await consultation(account.record.id, doctor.account.record.id, 'scheduled', 2 + (index % 48));
    doctor.consultations.push({ id: booked.id, patientId: account.record.id });
    return { account, client: await signedInClient(baseUrl, account, transport), reportIds: reports.map((report) => report.id) };
  });
  const calls = await inBatches(size.calls, 10, async (index) => {
    const patient = patients[index % patients.length]!;
    const doctor = doctors[index % doctors.length]!;
    const call = await consultation(patient.account.record.id, doctor.account.record.id, 'in_progress', 0);
    return { consultationId: call.id, patient, doctor };
  });
  return { patients, doctors, calls };
}
