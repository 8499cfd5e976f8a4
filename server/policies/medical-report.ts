import { MedicalReport } from '../../db/models';
import type { PatientActor } from './actor';
import { findOwned } from './owned-record';
import { batchedLookup } from '../lib/batcher';

/** A patient reaches only their own reports. */
export const reportsOf = (patient: PatientActor) => MedicalReport.query().where('medical_reports.userId', patient.userId);

export const findOwnReport = (patient: PatientActor, id: string) => findOwned(reportsOf(patient), id, { what: 'Report', resourceType: 'medical_report' });

/** The list screen's read, newest first. Concurrent lists (of any patients) share one query. */
const listsByOwner = batchedLookup(async (userIds: string[]) => {
  const reports = await MedicalReport.query()
    .whereIn('medical_reports.userId', userIds)
    .orderBy([
      { column: 'reportDate', order: 'desc' },
      { column: 'createdAt', order: 'desc' },
    ]);
  const lists = new Map<string, MedicalReport[]>();
  for (const report of reports) {
    const list = lists.get(report.userId);
    if (list) list.push(report);
    else lists.set(report.userId, [report]);
  }
  return lists;
});

export const listOwnReports = async (patient: PatientActor): Promise<MedicalReport[]> => (await listsByOwner(patient.userId)) ?? [];
