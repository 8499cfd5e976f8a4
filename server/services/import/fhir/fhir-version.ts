import { Unprocessable } from '../../../errors';
import { isRecord, listAt, recordAt, textAt } from './read';
import type { AnyResource } from './types';

/**
 * Another FHIR version, by what the file says of itself (a fhirVersion, a profile of another version's
 * base) or by a shape only that version has. An R4 file never carries these, so one is enough.
 */
const SHAPES_OF_OTHER_VERSIONS: Array<{ version: string; resourceType: string; holds: (resource: AnyResource) => boolean; what: string }> = [
  { version: 'STU3', resourceType: 'Condition', holds: (r) => typeof r.clinicalStatus === 'string', what: 'a Condition whose clinicalStatus is a code, not a CodeableConcept' },
  { version: 'STU3', resourceType: 'Condition', holds: (r) => r.assertedDate !== undefined, what: 'a Condition with assertedDate' },
  { version: 'STU3', resourceType: 'MedicationStatement', holds: (r) => r.taken !== undefined, what: 'a MedicationStatement with taken' },
  { version: 'STU3', resourceType: 'Observation', holds: (r) => r.context !== undefined, what: 'an Observation with context' },
  { version: 'STU3', resourceType: 'DiagnosticReport', holds: (r) => r.context !== undefined, what: 'a DiagnosticReport with context' },
  { version: 'R5', resourceType: 'MedicationStatement', holds: (r) => r.medication !== undefined, what: 'a MedicationStatement with medication (a CodeableReference)' },
  { version: 'R5', resourceType: 'Encounter', holds: (r) => Array.isArray(r.class), what: 'an Encounter whose class is a list' },
];

/** A profile of another version's base ('http://hl7.org/fhir/STU3/StructureDefinition/...', '.../fhir/3.0/...'). */
const OTHER_BASE = /hl7\.org\/fhir\/(STU3|DSTU2|R5|R6|\d\.\d)\//i;

function declaredVersion(value: unknown): string | undefined {
  const meta = recordAt(recordAt(value)?.meta);
  const version = textAt(recordAt(value)?.fhirVersion) ?? textAt(meta?.fhirVersion);
  if (version && !version.startsWith('4.0')) return version;
  for (const profile of listAt(meta?.profile)) {
    const base = OTHER_BASE.exec(textAt(profile) ?? '')?.[1];
    if (base && base !== '4.0') return base;
  }
  return undefined;
}

function otherVersionOf(bundle: Record<string, unknown>, resources: readonly AnyResource[]): string | undefined {
  const declared = declaredVersion(bundle) ?? resources.map(declaredVersion).find(Boolean);
  if (declared) return `FHIR ${declared}`;
  for (const resource of resources) {
    const shape = SHAPES_OF_OTHER_VERSIONS.find((candidate) => candidate.resourceType === resource.resourceType && candidate.holds(resource));
    if (shape) return `FHIR ${shape.version} (it holds ${shape.what})`;
  }
  return undefined;
}

/** Refuses (422) a file of another FHIR version than R4: its fields mean other things, and reading them as R4 would garble records. */
export function requireR4(bundle: Record<string, unknown>, resources: readonly AnyResource[]): void {
  const other = isRecord(bundle) ? otherVersionOf(bundle, resources) : undefined;
  if (other) throw new Unprocessable(`This file is ${other}. MediVault imports FHIR R4 (4.0) only: export your records as FHIR R4 and try again.`);
}
