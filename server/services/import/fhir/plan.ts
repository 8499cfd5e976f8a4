import type { User } from '../../../../db/models';
import { BundleIndex, fileEntriesOf } from './entries';
import { requireR4 } from './fhir-version';
import { requireAccountHolder } from './patient-match';
import { displayOf, labelOf, listAt, recordAt, textAt } from './read';
import { planMedications } from './medications';
import { planReports } from './reports';
import type { ImportedMedication, ImportedReport, Planned, SkippedResource } from './types';

export interface ImportPlan {
  /** Where the records come from, as their provenance will say: 'imported from <source>'. */
  source: string;
  reports: Planned<ImportedReport>[];
  medications: Planned<ImportedMedication>[];
  skipped: SkippedResource[];
}

/** Resources read only as part of others (who a report is about, a medication's name, who wrote a document): never listed as skipped. */
const SUPPORTING = new Set(['Patient', 'Composition', 'Medication', 'Organization', 'Practitioner', 'PractitionerRole', 'Location', 'Device', 'Provenance']);

const NOT_KEPT: Record<string, string> = {
  Appointment: 'Appointments are not imported: book them in MediVault.',
  DocumentReference: 'Documents are not imported: the file holds only their address, not the document.',
  Communication: 'Chat messages are not imported: they stay with the consultation they were written in.',
};

/** Who wrote the records: the IPS's custodian or author, else what the Bundle says its source is, else the file's name. */
function sourceOf(bundle: Record<string, unknown>, index: BundleIndex, filename: string | undefined): string {
  const composition = index.ofType('Composition')[0]?.resource;
  const fromComposition = composition && (displayOf(composition.custodian) ?? listAt(composition.author).map(displayOf).find(Boolean));
  return (fromComposition ?? textAt(recordAt(bundle.meta)?.source) ?? filename ?? 'a FHIR file').slice(0, 200);
}

/**
 * What importing a FHIR R4 Bundle (a FHIR export, an International Patient Summary) would add to the
 * account, and what it leaves out and why. Refuses (422) a file of another FHIR version or about someone
 * else. `isNew` tells a resource not imported before by its fingerprint.
 */
export function planImport(bundle: Record<string, unknown>, account: Pick<User, 'firstName' | 'lastName'>, isNew: (fingerprint: string) => boolean, filename?: string): ImportPlan {
  const index = new BundleIndex(fileEntriesOf(listAt(bundle.entry)));
  requireR4(bundle, index.entries.map((entry) => entry.resource));
  requireAccountHolder(index.ofType('Patient').map((entry) => entry.resource), account);
  const reports = planReports(index, isNew);
  const medications = planMedications(index, isNew);
  const handled = new Set(['DiagnosticReport', 'Observation', 'Condition', 'Encounter', 'MedicationStatement', 'MedicationRequest', ...SUPPORTING]);
  const others = index.entries
    .map((entry) => entry.resource)
    .filter((resource) => !handled.has(resource.resourceType))
    .map((resource) => ({ resourceType: resource.resourceType, label: labelOf(resource), reason: NOT_KEPT[resource.resourceType] ?? `MediVault does not keep ${resource.resourceType} records.` }));
  return { source: sourceOf(bundle, index, filename), reports: reports.reports, medications: medications.medications, skipped: [...reports.skipped, ...medications.skipped, ...others] };
}
