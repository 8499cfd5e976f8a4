import type { Knex } from 'knex';
import { DEFAULT_REMINDER_TIME } from '../../../../common/constants';
import { ImportedResource, MedicalReport, Medication } from '../../../../db/models';
import { advisoryXactLock } from '../../../lib/advisory-lock';
import { accountTimeZone } from '../../account-time-zone';
import { midnightIn } from '../../calendar/zoned-time';
import type { ImportPlan } from './plan';

/** The fingerprints of every resource this patient imported before. */
export async function importedBefore(trx: Knex | Knex.Transaction, userId: string): Promise<Set<string>> {
  const rows = await ImportedResource.query(trx).where({ userId }).select('fingerprint');
  return new Set(rows.map((row) => row.fingerprint));
}

/** Rows a statement at a time: PostgreSQL takes at most 65,535 parameters in one. */
const CHUNK = 1000;
async function insertAll<T>(rows: readonly T[], insert: (chunk: T[]) => PromiseLike<Array<{ id: string }>>): Promise<Array<{ id: string }>> {
  const ids: Array<{ id: string }> = [];
  for (let start = 0; start < rows.length; start += CHUNK) ids.push(...(await insert(rows.slice(start, start + CHUNK))));
  return ids;
}

/** Report writes of one patient take turns (as plan.ts's withRoomForReport): hold it before reading what was imported before. */
export const lockReportsOf = (trx: Knex.Transaction, userId: string) => advisoryXactLock(trx, `reports:${userId}`);

/**
 * Saves a plan in `trx`, which must hold the patient's report lock (lockReportsOf) and in which the plan was
 * cut to the patient's plan (report-limit.ts), so the free plan never ends up over its limit: its reports
 * (written by 'import'), its medications, and the fingerprints of the resources they came from, so that
 * the same file adds nothing the next time.
 */
export async function saveImport(trx: Knex.Transaction, userId: string, plan: ImportPlan): Promise<{ reports: number; medications: number }> {
  const timeZone = await accountTimeZone(userId);
  const day = (value: string) => midnightIn(value, timeZone);
  const reports = await insertAll(plan.reports, (chunk) =>
    MedicalReport.query(trx)
      .insert(chunk.map(({ record }) => ({ ...record, reportDate: day(record.reportDate), userId, changedBy: 'import' as const })))
      .returning('id'),
  );
  const medications = await insertAll(plan.medications, (chunk) =>
    Medication.query(trx)
      .insert(chunk.map(({ record }) => ({ ...record, startDate: day(record.startDate), endDate: record.endDate && day(record.endDate), userId, reminderTimes: [DEFAULT_REMINDER_TIME] })))
      .returning('id'),
  );
  const rows = [
    ...plan.reports.flatMap(({ fingerprints }, i) => fingerprints.map((fingerprint) => ({ userId, fingerprint, source: plan.source, reportId: reports[i]!.id, medicationId: null }))),
    ...plan.medications.flatMap(({ fingerprints }, i) => fingerprints.map((fingerprint) => ({ userId, fingerprint, source: plan.source, reportId: null, medicationId: medications[i]!.id }))),
  ];
  // An Observation two reports of the file both list is recorded once.
  await insertAll(rows, async (chunk) => {
    await ImportedResource.query(trx).insert(chunk).onConflict(['userId', 'fingerprint']).ignore();
    return [];
  });
  return { reports: reports.length, medications: medications.length };
}
