/**
 * What people do during the day, one request or socket event at a time with think times between:
 * patients read their dashboard and records and add medications and appointments; doctors read their
 * lists and patients' records and start and complete consultations; each live call's two sides join, chat
 * and leave, and join again later.
 * Every write a client is told succeeded is remembered, to be counted in the database afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { User } from '../../db/models';
import type { TestClient } from '../support/client';
import { ConnectionFailure } from './http-transport';
import { request, signedInSocket, type ClientSocket } from '../signalling/helpers';
import type { LatencyBook, Outcome } from './latency';
import type { BookedConsultation, Clinic, Member } from './clinic';

/** Every chat line of the day says this, so the day's lines can be counted apart from any others. */
export const DAY_CHAT_LINE = 'How are you feeling today?';

export interface Acknowledged {
  medications: Array<{ userId: string; name: string }>;
  appointments: string[];
  statusChanges: Array<{ consultationId: string; status: string }>;
  chatLines: number;
}

export interface DayPlan {
  book: LatencyBook;
  until: number;
  thinkMs: [number, number];
  acknowledged: Acknowledged;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const think = ([min, max]: [number, number]) => new Promise((r) => setTimeout(r, min + Math.random() * (max - min)));

const httpOutcome = (status: number, expected: number): Outcome => (status === expected ? 'ok' : status === 503 ? 'unavailable' : 'error');
const ackOutcome = (ack: { ok: boolean; error?: { code: string } }): Outcome => (ack.ok ? 'ok' : ack.error?.code === 'service_unavailable' ? 'unavailable' : 'error');

/** A socket request's outcome; one that never got its ack (the socket dropped, or 5 s passed) is an error of the day, not the end of the run. */
const socketOutcome = (ack: Promise<{ ok: boolean; error?: { code: string } }>): Promise<Outcome> => ack.then(ackOutcome, () => 'error');

/** One request, timed under its route's name; true when it answered as expected. */
async function call(plan: DayPlan, name: string, send: () => Promise<{ status: number }>, expected: number): Promise<boolean> {
  const outcome = await plan.book.time(name, async () => {
    try {
      return httpOutcome((await send()).status, expected);
    } catch (err) {
      // A failure to connect or a connection cut mid-request: the request failed at once, and a client retries it.
      if (err instanceof ConnectionFailure) return 'unavailable';
      throw err;
    }
  });
  return outcome === 'ok';
}

/** Acts with think times until the day ends; thinking first spreads everyone's first request over the think time. */
async function goAbout(plan: DayPlan, act: () => Promise<unknown>): Promise<void> {
  for (;;) {
    await think(plan.thinkMs);
    if (Date.now() >= plan.until) return;
    await act();
  }
}

/** Weighted actions: each entry is [weight, action]. */
function chooser(actions: Array<[number, () => Promise<unknown>]>): () => Promise<unknown> {
  const total = actions.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = Math.random() * total;
    for (const [weight, action] of actions) if ((roll -= weight) < 0) return action();
    return actions[0]![1]();
  };
}

export async function patientDay(plan: DayPlan, patient: Member<User> & { reportIds: string[] }): Promise<void> {
  const client: TestClient = patient.client;
  const userId = patient.account.record.id;
  const act = chooser([
    [30, () => call(plan, 'GET /api/dashboard-summary', () => client.get('/api/dashboard-summary?timeZone=UTC'), 200)],
    [15, () => call(plan, 'GET /api/medical-reports', () => client.get('/api/medical-reports'), 200)],
    [10, () => call(plan, 'GET /api/medical-reports/:id', () => client.get(`/api/medical-reports/${pick(patient.reportIds)}`), 200)],
    [10, () => call(plan, 'GET /api/medications', () => client.get('/api/medications'), 200)],
    [8, () => call(plan, 'GET /api/appointments', () => client.get('/api/appointments'), 200)],
    [7, () => call(plan, 'GET /api/consultations', () => client.get('/api/consultations'), 200)],
    [5, () => call(plan, 'GET /api/notifications', () => client.get('/api/notifications'), 200)],
    [
      7,
      async () => {
        const name = `Load-${randomUUID().slice(0, 8)}`;
        const body = { name, dosage: '5mg', frequency: 'once_daily', reminderTimes: ['09:00'] };
        if (await call(plan, 'POST /api/medications', () => client.post('/api/medications', body, { 'Idempotency-Key': randomUUID() }), 201)) {
          plan.acknowledged.medications.push({ userId, name });
        }
      },
    ],
    [
      5,
      async () => {
        const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
        const body = { doctorName: 'Dr. Load', specialty: 'Cardiology', facility: 'Load Clinic', appointmentDate: date, appointmentTime: '10:30' };
        let id: string | undefined;
        const ok = await call(plan, 'POST /api/appointments', async () => {
          const answer = await client.post('/api/appointments', body, { 'Idempotency-Key': randomUUID() });
          id = answer.body?.id;
          return answer;
        }, 201);
        if (ok && id) plan.acknowledged.appointments.push(id);
      },
    ],
    [3, () => call(plan, 'PATCH /api/medical-reports/:id', () => client.patch(`/api/medical-reports/${pick(patient.reportIds)}`, { doctorName: `Dr. ${randomUUID().slice(0, 6)}` }), 200)],
  ]);
  await goAbout(plan, act);
}

/** A doctor's day; each consultation is started and completed at most once, whatever the number of days run. */
export async function doctorDay(plan: DayPlan, doctor: Clinic['doctors'][number]): Promise<void> {
  const { client, consultations } = doctor;
  const moveAlong = async (consultation: BookedConsultation, status: 'in_progress' | 'completed') => {
    if (await call(plan, 'PUT /api/doctor/consultation/:id/status', () => client.put(`/api/doctor/consultation/${consultation.id}/status`, { status }), 200)) {
      consultation.status = status;
      plan.acknowledged.statusChanges.push({ consultationId: consultation.id, status });
    }
  };
  const act = chooser([
    [50, () => call(plan, 'GET /api/doctor/consultations', () => client.get('/api/doctor/consultations'), 200)],
    [20, () => call(plan, 'GET /api/doctor/consultation/:id', () => client.get(`/api/doctor/consultation/${pick(consultations).id}`), 200)],
    [20, () => call(plan, 'GET /api/doctor/patient/:patientId/records', () => client.get(`/api/doctor/patient/${pick(consultations).patientId}/records`), 200)],
    [
      10,
      async () => {
        const inProgress = consultations.find((consultation) => consultation.status === 'in_progress');
        const waiting = consultations.find((consultation) => !consultation.status);
        if (inProgress && (Math.random() < 0.5 || !waiting)) await moveAlong(inProgress, 'completed');
        else if (waiting) await moveAlong(waiting, 'in_progress');
      },
    ],
  ]);
  await goAbout(plan, act);
}

/** Chat lines in one visit to a live call, fewest and most: then both sides leave, and a later visit joins again. */
const LINES_PER_VISIT: [number, number] = [5, 15];

/**
 * A live call's day over its two sides' sockets, connected all day as the app's are: visits, each after a
 * think time, in which both sides join, chat with think times, and leave. Calls start at different times
 * and are joined again through the day, as a clinic's are, so joins are sampled across the day (about a
 * hundred in 120 s) rather than twenty in one burst at its start.
 */
export async function callDay(plan: DayPlan, baseUrl: string, live: Clinic['calls'][number]): Promise<void> {
  const sides: ClientSocket[] = await Promise.all([signedInSocket(baseUrl, live.patient.client), signedInSocket(baseUrl, live.doctor.client)]);
  try {
    await goAbout(plan, () => callVisit(plan, live.consultationId, sides));
  } finally {
    for (const socket of sides) socket.disconnect();
  }
}

async function callVisit(plan: DayPlan, consultationId: string, sides: ClientSocket[]): Promise<void> {
  const timed = (socket: ClientSocket, event: string, payload: object) => plan.book.time(`socket ${event}`, () => socketOutcome(request(socket, event, payload)));
  try {
    for (const socket of sides) if ((await timed(socket, 'consultation:join', { consultationId })) !== 'ok') return;
    const lines = LINES_PER_VISIT[0] + Math.floor(Math.random() * (LINES_PER_VISIT[1] - LINES_PER_VISIT[0] + 1));
    for (let line = 0; line < lines; line++) {
      await think(plan.thinkMs);
      if (Date.now() >= plan.until) return;
      if ((await timed(pick(sides), 'chat:send', { consultationId, text: DAY_CHAT_LINE })) === 'ok') plan.acknowledged.chatLines++;
    }
  } finally {
    for (const socket of sides) await timed(socket, 'consultation:leave', { consultationId });
  }
}
