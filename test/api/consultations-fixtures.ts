import { randomBytes } from 'node:crypto';
import { ChatMessage, ConsultationGuest, type Consultation, type Doctor, type User } from '../../db/models';
import { createDoctor, createPatient, signedInClient, type Account } from '../support/factories';
import type { TestClient } from '../support/client';
import type { ConsultationStatusChange } from '../../server/services/realtime';
import type { TestServer } from '../support/app';

const MINUTE = 60_000;

/** An ISO instant `minutes` from now, rounded to the minute (as the datetime-local picker sends). */
export function minutesFromNow(minutes: number): string {
  const at = new Date(Date.now() + minutes * MINUTE);
  at.setSeconds(0, 0);
  return at.toISOString();
}

export function plusMinutes(isoDate: string, minutes: number): string {
  return new Date(Date.parse(isoDate) + minutes * MINUTE).toISOString();
}

export interface Party<T> {
  account: Account<T>;
  client: TestClient;
}

export async function patientParty(baseUrl: string, overrides: Partial<User> = {}): Promise<Party<User>> {
  const account = await createPatient(overrides);
  return { account, client: await signedInClient(baseUrl, account) };
}

export async function doctorParty(baseUrl: string, overrides: Partial<Doctor> = {}): Promise<Party<Doctor>> {
  const account = await createDoctor(overrides);
  return { account, client: await signedInClient(baseUrl, account) };
}

/** Books a 30-minute video consultation and returns the created body (fails the test on anything but 201). */
export async function book(patient: TestClient, doctorId: string, appointmentDate = minutesFromNow(24 * 60)) {
  const res = await patient.post('/api/consultations', { doctorId, appointmentDate, consultationType: 'video', symptoms: 'Persistent cough' });
  if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Collects every 'consultation:status' event the server emits while the test runs. */
export function recordStatusEvents(server: TestServer): { events: ConsultationStatusChange[]; stop: () => void } {
  const events: ConsultationStatusChange[] = [];
  const listener = (event: ConsultationStatusChange) => events.push(event);
  server.app.deps.realtime.on('consultation:status', listener);
  return { events, stop: () => server.app.deps.realtime.off('consultation:status', listener) };
}

/** A chat line to write: by the patient, the doctor, or a guest (with their consultation_guests row's id). */
type ChatLineToWrite = ['patient' | 'doctor', string] | ['guest', string, string];

/** Writes chat lines into a consultation as its patient, doctor or guests wrote them, a minute apart from `from`. */
export async function insertChatLines(consultation: Pick<Consultation, 'id' | 'patientId' | 'doctorId'>, lines: ChatLineToWrite[], from = new Date('2026-11-10T15:03:00Z')): Promise<ChatMessage[]> {
  const senderOf = ([role, , guestId]: ChatLineToWrite) => (role === 'guest' ? guestId : role === 'patient' ? consultation.patientId : consultation.doctorId);
  return ChatMessage.query().insert(
    lines.map((line, index) => ({
      consultationId: consultation.id,
      senderRole: line[0],
      senderId: senderOf(line)!,
      text: line[1],
      createdAt: new Date(from.getTime() + index * MINUTE),
    })),
  );
}

/** A guest the doctor invited who joined the consultation under `name` and has since left it. */
export async function insertJoinedGuest(consultation: Pick<Consultation, 'id' | 'doctorId'>, name: string): Promise<ConsultationGuest> {
  return ConsultationGuest.query().insert({
    consultationId: consultation.id,
    invitedByKind: 'doctor',
    invitedById: consultation.doctorId,
    tokenHash: randomBytes(32).toString('hex'),
    status: 'removed',
    name,
    expiresAt: new Date(Date.now() + 3_600_000),
    joinedAt: new Date(),
    admittedAt: new Date(),
    endedAt: new Date(),
  });
}
