/**
 * Signalling at scale, each figure against a bare Socket.IO server in its own process, measured in
 * this run: 1,000 sockets joined to 500 consultations (a patient and a doctor each) in one server
 * process, the server's resident memory per joined socket, and the chat round trip (sent by one side,
 * heard by the other) with all of them connected. Informational: printed with ratios, no goal.
 *
 * The server runs as `npm start` does (server/main.ts) on the benches' embedded PostgreSQL.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Model } from 'objection';
import { io as connect } from 'socket.io-client';
import { Consultation } from '../../db/models';
import { createDoctor, createPatient, signedInClient } from '../support/factories';
import { startServerProcess } from '../support/server-process';
import { nextEvent, request, type ClientSocket } from '../signalling/helpers';
import { openBenchDatabase } from './bench-database';
import { fmt, median } from './support/call';

const here = path.dirname(fileURLToPath(import.meta.url));
const PATIENTS = 20;
const DOCTORS = 25;
const ROUND_TRIPS = 300;
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function residentBytes(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

function open(url: string, options: { cookie?: string; room?: string }): Promise<ClientSocket> {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    query: options.room ? { room: options.room } : {},
    extraHeaders: options.cookie ? { cookie: options.cookie } : {},
  }) as ClientSocket;
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function inBatches<T>(items: T[], width: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += width) await Promise.all(items.slice(start, start + width).map(run));
}

async function roundTrips(from: ClientSocket, to: ClientSocket, consultationId: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const text = `rtt ${i}`;
    const started = performance.now();
    const heard = nextEvent(to, 'chat:message', (message: { text: string }) => message.text === text);
    await request(from, 'chat:send', { consultationId, text });
    await heard;
    times.push(performance.now() - started);
  }
  return times;
}

interface Measured {
  bytesPerSocket: number;
  rtt: number[];
}

/** The bare floor: 1,000 sockets in 500 rooms of two. */
async function measureBare(count: number): Promise<Measured> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'support/bare-socket-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  const url = `http://127.0.0.1:${port}`;
  const sockets: ClientSocket[] = [];
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const before = await residentBytes(child.pid!);
    await inBatches(Array.from({ length: count }, (_, i) => i), 50, async (i) => void sockets.push(await open(url, { room: `room-${Math.floor(i / 2)}` })));
    await new Promise((r) => setTimeout(r, 2000));
    const after = await residentBytes(child.pid!);
    const [a, b] = await Promise.all([open(url, { room: 'rtt' }), open(url, { room: 'rtt' })]);
    sockets.push(a, b);
    await roundTrips(a, b, 'rtt');
    return { bytesPerSocket: (after - before) / count, rtt: await roundTrips(a, b, 'rtt') };
  } finally {
    for (const socket of sockets) socket.close();
    child.kill();
  }
}

async function main(): Promise<void> {
  const { db } = await openBenchDatabase('.data-bench-scale', process.env.BENCH_SCALE_PG_PORT ?? '54381');
  Model.knex(db.knex);
  const server = await startServerProcess({ DATABASE_URL: db.url, LOG_LEVEL: 'warn', SOCKET_SIGNALLING_BURST: '100000', SOCKET_CHAT_BURST: '100000', SOCKET_CHAT_PER_SECOND: '100000' });
  const sockets: ClientSocket[] = [];
  try {
    const [patients, doctors] = await Promise.all([
      Promise.all(Array.from({ length: PATIENTS }, () => createPatient())),
      Promise.all(Array.from({ length: DOCTORS }, () => createDoctor())),
    ]);
    const clients = new Map<string, string>();
    await inBatches([...patients, ...doctors], 5, async (account) => void clients.set(account.record.id, (await signedInClient(server.url, account)).cookieHeader));
    const pairs = patients.flatMap((patient) => doctors.map((doctor) => ({ patient, doctor })));
    const consultations = await Promise.all(
      pairs.map(({ patient, doctor }) =>
        Consultation.query().insertAndFetch({ patientId: patient.record.id, doctorId: doctor.record.id, appointmentDate: new Date(Date.now() + 3_600_000), duration: 30, status: 'in_progress', consultationType: 'chat', symptoms: 'Bench', fee: 0 }),
      ),
    );
    await new Promise((r) => setTimeout(r, 1000));
    const before = await residentBytes(server.child.pid!);
    const joined: Array<{ patient: ClientSocket; doctor: ClientSocket; consultationId: string }> = [];
    await inBatches(consultations, 25, async (consultation) => {
      const [patient, doctor] = await Promise.all([open(server.url, { cookie: clients.get(consultation.patientId) }), open(server.url, { cookie: clients.get(consultation.doctorId) })]);
      sockets.push(patient, doctor);
      for (const socket of [patient, doctor]) {
        const ack = await request(socket, 'consultation:join', { consultationId: consultation.id });
        if (!ack.ok) throw new Error(`join failed: ${JSON.stringify(ack)}`);
      }
      joined.push({ patient, doctor, consultationId: consultation.id });
    });
    await new Promise((r) => setTimeout(r, 2000));
    const after = await residentBytes(server.child.pid!);
    const ours: Measured = { bytesPerSocket: (after - before) / sockets.length, rtt: [] };
    const sample = joined[0]!;
    await roundTrips(sample.patient, sample.doctor, sample.consultationId);
    ours.rtt = await roundTrips(sample.patient, sample.doctor, sample.consultationId);
    await db.knex('chat_messages').whereIn('consultation_id', consultations.map((c) => c.id)).delete();
    for (const socket of sockets.splice(0)) socket.close();

    const bare = await measureBare(consultations.length * 2);
    console.log(`${joined.length * 2} sockets joined to ${joined.length} consultations in one server process`);
    console.log(`resident memory per joined socket: ${fmt(ours.bytesPerSocket / 1024)} KiB; bare Socket.IO ${fmt(bare.bytesPerSocket / 1024)} KiB -> ${fmt(ours.bytesPerSocket / bare.bytesPerSocket, 2)}x`);
    console.log(
      `chat round trip with all connected: p50 ${fmt(median(ours.rtt), 2)} ms / p99 ${fmt(percentile(ours.rtt, 99), 2)} ms; bare echo p50 ${fmt(median(bare.rtt), 2)} ms / p99 ${fmt(percentile(bare.rtt, 99), 2)} ms` +
        ` -> p50 ${fmt(median(ours.rtt) / median(bare.rtt), 2)}x, p99 ${fmt(percentile(ours.rtt, 99) / percentile(bare.rtt, 99), 2)}x`,
    );
  } finally {
    for (const socket of sockets) socket.close();
    await server.stop();
    await db.close();
  }
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
