import { PREMIUM_REPORT_TYPES, REPORT_TYPE_LABELS, REPORT_TYPES, type ReportType } from '../../../../common/constants';
import type { BundleIndex } from './entries';
import { fingerprintOf } from './fingerprint';
import { anyCode, conceptText, dayOf, displayOf, labelOf, listAt, recordAt, textAt } from './read';
import { addResult, resultsOf } from './results';
import type { AnyResource, FileEntry, ImportedReport, Planned, ResultValue, SkippedResource } from './types';

interface ReportsPlan {
  reports: Planned<ImportedReport>[];
  skipped: SkippedResource[];
}

export const skip = (resource: AnyResource, reason: string): SkippedResource => ({ resourceType: resource.resourceType, label: labelOf(resource), reason });

const NO_DATE = 'It has no date, and a report needs one.';
const IN_ERROR = 'It is marked entered-in-error.';

/** The type a report's category names: the app's own label (its export writes it), else the section's code. */
function reportTypeOf(category: unknown, observations: readonly AnyResource[]): ReportType {
  const words = listAt(category).map(conceptText).filter(Boolean).map((text) => text!.toLowerCase());
  const byLabel = REPORT_TYPES.find((type) => !PREMIUM_REPORT_TYPES.includes(type) && words.includes(REPORT_TYPE_LABELS[type].toLowerCase()));
  if (byLabel) return byLabel;
  const codes = anyCode(category);
  if (codes.includes('RAD')) return words.some((text) => text.includes('mri') || text.includes('magnetic')) ? 'mri' : 'x_ray';
  if (observations.length && observations.every((observation) => anyCode(observation.category).includes('vital-signs'))) return 'heart_rate';
  return codes.includes('LAB') || observations.length ? 'blood_work' : 'consultation';
}

const effectiveDay = (resource: AnyResource) => dayOf(resource.effectiveDateTime) ?? dayOf(recordAt(resource.effectivePeriod)?.start) ?? dayOf(resource.issued);

/** A performer known as an Organization is the facility; the first other one, the doctor. */
function performersOf(resource: AnyResource, index: BundleIndex): Pick<ImportedReport, 'doctorName' | 'facility'> {
  let doctorName: string | null = null;
  let facility: string | null = null;
  for (const performer of listAt(resource.performer)) {
    const target = index.resolve(performer)?.resource;
    const isOrganization = target?.resourceType === 'Organization' || textAt(recordAt(performer)?.reference)?.startsWith('Organization/') || recordAt(performer)?.type === 'Organization';
    const name = displayOf(performer) ?? textAt(target?.name) ?? conceptText(listAt(target?.name)[0]);
    if (!name) continue;
    if (isOrganization || doctorName) facility ??= name;
    else doctorName = name;
  }
  return { doctorName, facility };
}

/** The results of some Observations, and those that gave none (with why). */
function collectResults(observations: readonly FileEntry[]): { results: Record<string, ResultValue>; skipped: SkippedResource[] } {
  const results: Record<string, ResultValue> = {};
  const skipped: SkippedResource[] = [];
  for (const { resource } of observations) {
    for (const result of resultsOf(resource)) {
      if ('skip' in result) skipped.push(skip(resource, result.skip));
      else addResult(results, result.key, result.value);
    }
  }
  return { results, skipped };
}

/** Why a resource says it is not a record (entered in error, cancelled), if it does. */
export function notARecord(resource: AnyResource): string | undefined {
  if (resource.status === 'entered-in-error' || anyCode(resource.verificationStatus).includes('entered-in-error')) return IN_ERROR;
  return resource.status === 'cancelled' ? 'It was cancelled.' : undefined;
}

const usable = (entry: FileEntry) => notARecord(entry.resource) === undefined;
const refusals = (entries: readonly FileEntry[]) => entries.flatMap((entry) => (usable(entry) ? [] : [skip(entry.resource, notARecord(entry.resource)!)]));

function diagnosticReport(entry: FileEntry, index: BundleIndex, isNew: (fingerprint: string) => boolean): ReportsPlan & { used: FileEntry[] } {
  const { resource } = entry;
  const linked = listAt(resource.result)
    .map((reference) => index.resolve(reference))
    .filter((found): found is FileEntry => found?.resource.resourceType === 'Observation');
  const reportDate = effectiveDay(resource);
  if (!reportDate) return { reports: [], skipped: [skip(resource, NO_DATE)], used: [] };
  if (!isNew(fingerprintOf(entry))) return { reports: [], skipped: [skip(resource, ALREADY_IMPORTED)], used: linked };
  const observations = linked.filter(usable);
  const { results, skipped } = collectResults(observations);
  skipped.push(...refusals(linked));
  const report: ImportedReport = {
    title: conceptText(resource.code) ?? 'Imported report',
    type: reportTypeOf(resource.category, observations.map((observation) => observation.resource)),
    status: resource.status === 'preliminary' || resource.status === 'partial' ? 'review' : 'normal',
    reportDate,
    ...performersOf(resource, index),
    summary: textAt(resource.conclusion) ?? null,
    results: Object.keys(results).length ? results : null,
  };
  return { reports: [{ from: 'DiagnosticReport', fingerprints: [entry, ...observations].map(fingerprintOf), record: report }], skipped, used: linked };
}

export const ALREADY_IMPORTED = 'It is in your records already: it was imported before.';

/** Observations no DiagnosticReport gathers: one report a day for vital signs, one for the others (lab results). */
function looseObservations(entries: readonly FileEntry[], isNew: (fingerprint: string) => boolean): ReportsPlan {
  const groups = new Map<string, FileEntry[]>();
  const skipped: SkippedResource[] = [];
  for (const entry of entries) {
    const day = effectiveDay(entry.resource);
    if (!day) skipped.push(skip(entry.resource, NO_DATE));
    else if (!isNew(fingerprintOf(entry))) skipped.push(skip(entry.resource, ALREADY_IMPORTED));
    else {
      const vital = anyCode(entry.resource.category).includes('vital-signs');
      const key = `${day} ${vital ? 'vital' : 'lab'}`;
      groups.set(key, [...(groups.get(key) ?? []), entry]);
    }
  }
  const reports = [...groups].flatMap(([key, group]): Planned<ImportedReport>[] => {
    const { results, skipped: empty } = collectResults(group);
    skipped.push(...empty);
    if (!Object.keys(results).length) return [];
    const vital = key.endsWith('vital');
    return [
      {
        from: 'Observation',
        fingerprints: group.map(fingerprintOf),
        record: { title: vital ? 'Vital signs' : 'Lab results', type: vital ? 'heart_rate' : 'blood_work', status: 'normal', reportDate: key.slice(0, 10), doctorName: null, facility: null, summary: null, results },
      },
    ];
  });
  return { reports, skipped };
}

/** A diagnosis or problem as a report of its own: what it is, since when, and whether it is current. */
function condition(resource: AnyResource): ImportedReport | string {
  const title = conceptText(resource.code);
  if (!title) return 'It does not say which condition (no code or text).';
  const reportDate = dayOf(resource.onsetDateTime) ?? dayOf(recordAt(resource.onsetPeriod)?.start) ?? dayOf(resource.recordedDate);
  if (!reportDate) return NO_DATE;
  const clinical = conceptText(resource.clinicalStatus);
  const notes = listAt(resource.note).map((note) => textAt(recordAt(note)?.text)).filter(Boolean);
  const summary = [clinical && `Clinical status: ${clinical}.`, ...notes].filter(Boolean).join(' ');
  return { title, type: 'consultation', status: anyCode(resource.clinicalStatus).includes('active') ? 'active' : 'normal', reportDate, doctorName: displayOf(resource.asserter) ?? null, facility: null, summary: summary || null, results: null };
}

/** A visit that took place, as a consultation report: its kind, who saw the patient, why, and what was found. */
function encounter(resource: AnyResource): ImportedReport | string {
  if (resource.status === 'planned' || resource.status === 'arrived' || resource.status === 'triaged') return 'It has not taken place yet.';
  const reportDate = dayOf(recordAt(resource.period)?.start);
  if (!reportDate) return NO_DATE;
  const participant = listAt(resource.participant).map((one) => displayOf(recordAt(one)?.individual)).find(Boolean);
  const reasons = listAt(resource.reasonCode).map(conceptText).filter(Boolean);
  const diagnoses = listAt(resource.diagnosis).map((one) => displayOf(recordAt(one)?.condition)).filter(Boolean);
  const summary = [reasons.length && `Reason: ${reasons.join(', ')}.`, diagnoses.length && `Diagnosis: ${diagnoses.join(', ')}.`].filter(Boolean).join(' ');
  return {
    title: conceptText(listAt(resource.type)[0]) ?? conceptText(resource.class) ?? 'Encounter',
    type: 'consultation',
    status: 'normal',
    reportDate,
    doctorName: participant ?? null,
    facility: displayOf(resource.serviceProvider) ?? null,
    summary: summary || null,
    results: null,
  };
}

function single(entry: FileEntry, read: (resource: AnyResource) => ImportedReport | string, isNew: (fingerprint: string) => boolean): ReportsPlan {
  const refused = notARecord(entry.resource);
  if (refused) return { reports: [], skipped: [skip(entry.resource, refused)] };
  const record = read(entry.resource);
  if (typeof record === 'string') return { reports: [], skipped: [skip(entry.resource, record)] };
  if (!isNew(fingerprintOf(entry))) return { reports: [], skipped: [skip(entry.resource, ALREADY_IMPORTED)] };
  return { reports: [{ from: entry.resource.resourceType, fingerprints: [fingerprintOf(entry)], record }], skipped: [] };
}

/** Every report the file gives: its DiagnosticReports with their Observations, the Observations on their own, Conditions and Encounters. */
export function planReports(index: BundleIndex, isNew: (fingerprint: string) => boolean): ReportsPlan {
  const plans: ReportsPlan[] = [];
  const used = new Set<FileEntry>();
  for (const entry of index.ofType('DiagnosticReport')) {
    if (!usable(entry)) {
      plans.push({ reports: [], skipped: refusals([entry]) });
      continue;
    }
    const plan = diagnosticReport(entry, index, isNew);
    plan.used.forEach((observation) => used.add(observation));
    plans.push(plan);
  }
  const loose = index.ofType('Observation').filter((entry) => !used.has(entry));
  plans.push({ reports: [], skipped: refusals(loose) });
  plans.push(looseObservations(loose.filter(usable), isNew));
  for (const entry of index.ofType('Condition')) plans.push(single(entry, condition, isNew));
  for (const entry of index.ofType('Encounter')) plans.push(single(entry, encounter, isNew));
  return { reports: plans.flatMap((plan) => plan.reports), skipped: plans.flatMap((plan) => plan.skipped) };
}
