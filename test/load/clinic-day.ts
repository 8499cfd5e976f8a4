/**
 * A clinic's day against a running server: the clinic is opened, everyone goes about their day until the
 * time is up, then the database is asked whether every write a client was told succeeded is there exactly
 * once, with its audit row.
 */
import type { Knex } from 'knex';
import { LatencyBook, type LatencyRow } from './latency';
import type { Clinic } from './clinic';
import { DAY_CHAT_LINE, callDay, doctorDay, patientDay, type Acknowledged, type DayPlan } from './visits';

export interface ClinicDayOptions {
  baseUrl: string;
  durationMs: number;
  thinkMs: [number, number];
  /** Runs while the day is under way (a fault, say), given the time the day ends. */
  during?: (until: number) => Promise<void>;
}

export interface ClinicDayReport {
  seconds: number;
  requestsPerSecond: number;
  rows: LatencyRow[];
  /** Requests refused at once (503) because the database was away. */
  unavailable: number;
  errors: number;
  acknowledged: { medications: number; appointments: number; statusChanges: number; chatLines: number };
  /** What the database holds that it should not, or lacks that it should; empty when all is well. */
  discrepancies: string[];
}

const countOf = async (query: Knex.QueryBuilder): Promise<number> => Number((await query.count('* as n').first())?.n ?? 0);

async function verifyWrites(knex: Knex, acknowledged: Acknowledged, callIds: string[], since: Date): Promise<string[]> {
  const problems: string[] = [];
  const medications: Array<{ id: string; userId: string; name: string }> = await knex('medications').whereLike('name', 'Load-%').select('id', 'user_id as userId', 'name');
  const stored = new Map<string, number>();
  for (const row of medications) stored.set(`${row.userId}/${row.name}`, (stored.get(`${row.userId}/${row.name}`) ?? 0) + 1);
  for (const { userId, name } of acknowledged.medications) {
    const copies = stored.get(`${userId}/${name}`) ?? 0;
    if (copies !== 1) problems.push(`medication ${name} acknowledged, stored ${copies} times`);
  }
  const audited = new Set(
    (await knex('audit_events').where({ action: 'medication.create', outcome: 'success' }).whereIn('resource_id', medications.map((row) => row.id)).select('resource_id as id')).map((row: { id: string }) => row.id),
  );
  const unaudited = medications.filter((row) => !audited.has(row.id)).length;
  if (unaudited) problems.push(`${unaudited} stored medications have no audit row`);
  const appointments = new Set((await knex('appointments').whereIn('id', acknowledged.appointments).select('id')).map((row: { id: string }) => row.id));
  const lost = acknowledged.appointments.filter((id) => !appointments.has(id)).length;
  if (lost) problems.push(`${lost} acknowledged appointments are missing`);
  const completed = acknowledged.statusChanges.filter((change) => change.status === 'completed').map((change) => change.consultationId);
  const notCompleted = await countOf(knex('consultations').whereIn('id', completed).whereNot('status', 'completed'));
  if (notCompleted) problems.push(`${notCompleted} consultations acknowledged as completed are not`);
  const lines = await countOf(knex('chat_messages').whereIn('consultation_id', callIds).where('created_at', '>=', since).where('text', DAY_CHAT_LINE));
  if (lines !== acknowledged.chatLines) problems.push(`${acknowledged.chatLines} chat lines acknowledged, ${lines} stored`);
  return problems;
}

export async function runClinicDay(knex: Knex, clinic: Clinic, options: ClinicDayOptions): Promise<ClinicDayReport> {
  const book = new LatencyBook();
  const acknowledged: Acknowledged = { medications: [], appointments: [], statusChanges: [], chatLines: 0 };
  const started = Date.now();
  const plan: DayPlan = { book, until: started + options.durationMs, thinkMs: options.thinkMs, acknowledged };

  await Promise.all([
    ...clinic.patients.map((patient) => patientDay(plan, patient)),
    ...clinic.doctors.map((doctor) => doctorDay(plan, doctor)),
    ...clinic.calls.map((live) => callDay(plan, options.baseUrl, live)),
    options.during?.(plan.until),
  ]);
  const seconds = (Date.now() - started) / 1000;
  const total = book.total();
  return {
    seconds,
    requestsPerSecond: Math.round((total.count / seconds) * 10) / 10,
    rows: book.rows(),
    unavailable: total.unavailable,
    errors: total.errors,
    acknowledged: {
      medications: acknowledged.medications.length,
      appointments: acknowledged.appointments.length,
      statusChanges: acknowledged.statusChanges.length,
      chatLines: acknowledged.chatLines,
    },
    discrepancies: await verifyWrites(knex, acknowledged, clinic.calls.map((live) => live.consultationId), new Date(started)),
  };
}
