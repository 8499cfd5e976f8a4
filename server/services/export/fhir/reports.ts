import type { MedicalReport } from '../../../../db/models';
import { REPORT_TYPE_LABELS, type ReportStatus, type ReportType } from '../../../../common/constants';
import type { Attachment, Coding, DiagnosticReport, Observation, WithId } from './types';
import { observationsOf } from './observations';
import { referenceTo } from './references';
import { day, filled, instant, named, some } from './values';

const SECTIONS = 'http://terminology.hl7.org/CodeSystem/v2-0074';
const LABORATORY: Coding = { system: SECTIONS, code: 'LAB', display: 'Laboratory' };
const RADIOLOGY: Coding = { system: SECTIONS, code: 'RAD', display: 'Radiology' };
const SECTION_OF: Partial<Record<ReportType, Coding>> = { blood_work: LABORATORY, x_ray: RADIOLOGY, mri: RADIOLOGY };

/** A report waiting for review is preliminary; the others (urgent findings, a current prescription too) are final. */
const STATUS: Record<ReportStatus, DiagnosticReport['status']> = { review: 'preliminary', urgent: 'final', normal: 'final', active: 'final' };

function diagnosticReport(report: MedicalReport, observations: readonly WithId<Observation>[], original: Attachment | undefined, timeZone: string): WithId<DiagnosticReport> {
  const section = SECTION_OF[report.type];
  return {
    resourceType: 'DiagnosticReport',
    id: report.id,
    status: STATUS[report.status],
    category: [{ coding: section ? [section] : undefined, text: REPORT_TYPE_LABELS[report.type] }],
    code: { text: report.title },
    subject: referenceTo(report.userId),
    effectiveDateTime: day(report.reportDate, timeZone),
    issued: instant(report.updatedAt),
    performer: some([named(report.doctorName), named(report.facility)]),
    result: some(observations.map((observation) => referenceTo(observation.id))),
    conclusion: filled(report.summary),
    presentedForm: original ? [original] : undefined,
  };
}

/**
 * A report and its results: the DiagnosticReport first, then one Observation per result. `original`: its
 * stored document, if any; `timeZone`: the patient's, in which its date is a day.
 */
export function reportResources(report: MedicalReport, original: Attachment | undefined, timeZone: string): [WithId<DiagnosticReport>, ...WithId<Observation>[]] {
  const observations = observationsOf(report, timeZone);
  return [diagnosticReport(report, observations, original, timeZone), ...observations];
}
