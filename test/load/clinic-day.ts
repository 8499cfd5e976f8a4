/**
 * A clinic's day against a running server: the clinic is opened, everyone goes about their day until the
 * time is up, then the database is asked whether every write a client was told succeeded is there exactly
 * once, with exactly one audit row.
 */
import type { Knex } from 'knex';
import { CHAT_LINE_ACTION } from '../../server/services/chat-store';
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

/** How many times each value occurs. */
function tally(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** The successful audit rows of `action` per resource, among `resourceIds`. */
async function auditRowsOf(knex: Knex, action: string, resourceIds: string[]): Promise<Map<string, number>> {
  const rows: Array<{ id: string }> = await knex('audit_events').where({ action, outcome: 'success' }).whereIn('resource_id', resourceIds).select('resource_id as id');
  return tally(rows.map((row) => row.id));
}

async function verifyMedications(knex: Knex, acknowledged: Acknowledged['medications']): Promise<string[]> {
  const problems: string[] = [];
  const medications: Array<{ id: string; userId: string; name: string }> = await knex('medications').whereLike('name', 'Load-%').select('id', 'user_id as userId', 'name');
  const stored = tally(medications.map((row) => `${row.userId}/${row.name}`));
  for (const { userId, name } of acknowledged) {
    const copies = stored.get(`${userId}/${name}`) ?? 0;
    if (copies !== 1) problems.push(`medication ${name} acknowledged, stored ${copies} times`);
  }
  const audited = await auditRowsOf(knex, 'medication.create', medications.map((row) => row.id));
  const misaudited = medications.filter((row) => audited.get(row.id) !== 1).length;
  if (misaudited) problems.push(`${misaudited} stored medications have no audit row, or more than one`);
  return problems;
}

async function verifyAppointments(knex: Knex, acknowledged: string[]): Promise<string[]> {
  const problems: string[] = [];
  const stored = new Set((await knex('appointments').whereIn('id', acknowledged).select('id')).map((row: { id: string }) => row.id));
  const lost = acknowledged.filter((id) => !stored.has(id)).length;
  if (lost) problems.push(`${lost} acknowledged appointments are missing`);
  const twice = acknowledged.length - new Set(acknowledged).size;
  if (twice) problems.push(`${twice} appointments were acknowledged as created more than once`);
  const audited = await auditRowsOf(knex, 'appointment.create', acknowledged);
  const misaudited = acknowledged.filter((id) => audited.get(id) !== 1).length;
  if (misaudited) problems.push(`${misaudited} acknowledged appointments have no audit row, or more than one`);
  return problems;
}

/** Each consultation is started and completed at most once in a day, so each acknowledged change has exactly one audit row. */
async function verifyStatusChanges(knex: Knex, acknowledged: Acknowledged['statusChanges']): Promise<string[]> {
  const problems: string[] = [];
  const completed = acknowledged.filter((change) => change.status === 'completed').map((change) => change.consultationId);
  const notCompleted = await countOf(knex('consultations').whereIn('id', completed).whereNot('status', 'completed'));
  if (notCompleted) problems.push(`${notCompleted} consultations acknowledged as completed are not`);
  for (const status of ['in_progress', 'completed']) {
    const ids = acknowledged.filter((change) => change.status === status).map((change) => change.consultationId);
    const audited = await auditRowsOf(knex, `doctor.consultation_${status}`, ids);
    const misaudited = ids.filter((id) => audited.get(id) !== 1).length;
    if (misaudited) problems.push(`${misaudited} consultations acknowledged as ${status} have no audit row of it, or more than one`);
  }
  return problems;
}

async function verifyChatLines(knex: Knex, acknowledged: number, callIds: string[], since: Date): Promise<string[]> {
  const problems: string[] = [];
  const lines = await countOf(knex('chat_messages').whereIn('consultation_id', callIds).where('created_at', '>=', since).where('text', DAY_CHAT_LINE));
  if (lines !== acknowledged) problems.push(`${acknowledged} chat lines acknowledged, ${lines} stored`);
  // Every line stored has its one audit row, the day's and any other sent meanwhile (a fault's probe, say).
  const stored = await countOf(knex('chat_messages').whereIn('consultation_id', callIds).where('created_at', '>=', since));
  const audited = await countOf(knex('audit_events').where({ action: CHAT_LINE_ACTION, outcome: 'success' }).whereIn('resource_id', callIds).where('created_at', '>=', since));
  if (audited !== stored) problems.push(`${stored} chat lines stored, ${audited} audit rows of chat lines`);
  return problems;
}

async function verifyWrites(knex: Knex, acknowledged: Acknowledged, callIds: string[], since: Date): Promise<string[]> {
  const found = await Promise.all([
    verifyMedications(knex, acknowledged.medications),
    verifyAppointments(knex, acknowledged.appointments),
    verifyStatusChanges(knex, acknowledged.statusChanges),
    verifyChatLines(knex, acknowledged.chatLines, callIds, since),
  ]);
  return found.flat();
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
