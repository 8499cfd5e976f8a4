/**
 * Faults a deployment of two server processes meets, under a clinic's day: Redis restarted (rooms that
 * span both processes must carry chat again by themselves), then one process killed (its sockets must
 * reconnect to the other through the balancer within 5 s and rejoin their rooms, found through Redis).
 * Patients use process A directly; doctors go through a round-robin balancer over B and A, so before
 * the kill about half the calls have their two sides on different processes, and those doctors' sockets
 * are the ones that must move.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { io } from 'socket.io-client';
import { startRedis, type RedisServer } from '../support/redis';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { nextEvent, request, sleep, type ClientSocket } from '../signalling/helpers';
import type { TestClient } from '../support/client';
import { startBalancer } from './balancer';
import { openClinic, type Clinic } from './clinic';
import { runClinicDay, type ClinicDayReport } from './clinic-day';

export const REJOIN_GOAL_MS = 5000;
const SIZE = { patients: 40, doctors: 10, calls: 10 };

/** One side of a call that reconnects by itself and joins its consultation again on every connect, as the web client does. */
class LiveSide {
  readonly socket: ClientSocket;
  readonly rejoinsMs: number[] = [];
  disconnects = 0;
  private lostAt = 0;

  constructor(url: string, client: TestClient, readonly consultationId: string) {
    this.socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnectionDelay: 200, reconnectionDelayMax: 1000, extraHeaders: { cookie: client.cookieHeader } }) as ClientSocket;
    this.socket.on('disconnect', () => {
      this.disconnects++;
      this.lostAt = Date.now();
    });
    this.socket.on('connect', () => void this.join());
  }

  private async join(): Promise<void> {
    const ack = await request(this.socket, 'consultation:join', { consultationId: this.consultationId }).catch(() => null);
    if (!ack?.ok) return;
    if (this.lostAt) this.rejoinsMs.push(Date.now() - this.lostAt);
    this.lostAt = 0;
  }
}

interface LiveCall {
  patient: LiveSide;
  doctor: LiveSide;
}

async function lineArrives(from: LiveSide, to: LiveSide): Promise<boolean> {
  const text = `check ${randomUUID()}`;
  const heard = nextEvent(to.socket, 'chat:message', (message: { text: string }) => message.text === text, 2000).then(() => true, () => false);
  const ack = await request(from.socket, 'chat:send', { consultationId: from.consultationId, text }).catch(() => null);
  return Boolean(ack?.ok) && (await heard);
}

/** Milliseconds until chat crosses every call both ways, or null if it does not within `withinMs`. */
async function chatRecoveredWithin(calls: LiveCall[], withinMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    const flows = await Promise.all(calls.map(async (call) => (await lineArrives(call.patient, call.doctor)) && (await lineArrives(call.doctor, call.patient))));
    if (flows.every(Boolean)) return Date.now() - started;
    await sleep(200);
  }
  return null;
}

export interface FaultFigures {
  day: ClinicDayReport;
  redisRestart: { chatBackAfterMs: number | null };
  processKill: { slowestRejoinMs: number | null; socketsRejoined: number; socketsMoved: number; chatBackAfterMs: number | null };
  problems: string[];
}

async function openCalls(clinic: Clinic, patientsUrl: string, doctorsUrl: string): Promise<LiveCall[]> {
  const calls = clinic.calls.map((live) => ({
    patient: new LiveSide(patientsUrl, live.patient.client, live.consultationId),
    doctor: new LiveSide(doctorsUrl, live.doctor.client, live.consultationId),
  }));
  if ((await chatRecoveredWithin(calls, 10_000)) === null) throw new Error('the calls never joined across the two processes');
  return calls;
}

export async function runProcessFaults(owner: Knex, databaseUrl: string): Promise<FaultFigures> {
  let redis: RedisServer = await startRedis();
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, LOG_LEVEL: 'error' };
  const [first, second]: ServerProcess[] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  const portOf = (server: ServerProcess) => Number(new URL(server.url).port);
  const balancer = await startBalancer([portOf(second), portOf(first)]);
  const problems: string[] = [];
  try {
    const clinic = await openClinic(first.url, SIZE, balancer.url);
    const calls = await openCalls(clinic, first.url, balancer.url);
    const figures: Omit<FaultFigures, 'day' | 'problems'> = { redisRestart: { chatBackAfterMs: null }, processKill: { slowestRejoinMs: null, socketsRejoined: 0, socketsMoved: 0, chatBackAfterMs: null } };
    const faults = async () => {
      await sleep(3000);
      const port = Number(new URL(redis.url).port);
      await redis.stop();
      await sleep(1000);
      redis = await startRedis(port);
      figures.redisRestart.chatBackAfterMs = await chatRecoveredWithin(calls, 15_000);
      second.child.kill('SIGKILL');
      const killedAt = Date.now();
      const moved = () => calls.map((call) => call.doctor).filter((side) => side.disconnects > 0);
      await sleep(500);
      while (Date.now() - killedAt < REJOIN_GOAL_MS * 2 && moved().some((side) => !side.rejoinsMs.length)) await sleep(100);
      const rejoins = moved().flatMap((side) => side.rejoinsMs);
      figures.processKill.socketsMoved = moved().length;
      figures.processKill.socketsRejoined = rejoins.length;
      figures.processKill.slowestRejoinMs = rejoins.length ? Math.max(...rejoins) : null;
      figures.processKill.chatBackAfterMs = await chatRecoveredWithin(calls, 10_000);
    };
    const day = await runClinicDay(owner, clinic, { baseUrl: first.url, durationMs: 30_000, thinkMs: [1000, 3000], during: faults });
    for (const call of calls) for (const side of [call.patient, call.doctor]) side.socket.close();

    if (figures.redisRestart.chatBackAfterMs === null) problems.push('chat did not cross the processes again after Redis restarted');
    const { slowestRejoinMs, socketsRejoined, socketsMoved, chatBackAfterMs } = figures.processKill;
    if (!socketsMoved) problems.push('no socket was on the killed process');
    if (socketsRejoined < socketsMoved) problems.push(`${socketsMoved - socketsRejoined} of ${socketsMoved} sockets on the killed process did not rejoin`);
    if (slowestRejoinMs !== null && slowestRejoinMs > REJOIN_GOAL_MS) problems.push(`the slowest rejoin took ${slowestRejoinMs} ms`);
    if (chatBackAfterMs === null) problems.push('chat did not flow again after the process was killed');
    if (day.errors) problems.push(`${day.errors} errors other than fast failures during the faults`);
    problems.push(...day.discrepancies);
    return { day, ...figures, problems };
  } finally {
    await balancer.close();
    await Promise.all([first.stop(), second.child.killed ? null : second.stop()]);
    await redis.stop();
  }
}
