/**
 * FHIR R4 (https://hl7.org/fhir/R4/) as Medplum types it. Absent values are left out (`undefined` is
 * dropped by JSON): FHIR allows neither null, nor empty strings, nor empty lists.
 */
import type { WithId } from '@medplum/core';
import type { Appointment, Communication, DiagnosticReport, DocumentReference, Encounter, MedicationStatement, Observation, Patient } from '@medplum/fhirtypes';

export type {
  Appointment,
  Attachment,
  Bundle,
  BundleEntry,
  CodeableConcept,
  Coding,
  Communication,
  ContactPoint,
  DiagnosticReport,
  DocumentReference,
  Dosage,
  Encounter,
  MedicationStatement,
  Observation,
  ObservationReferenceRange,
  Patient,
  Period,
  Practitioner,
  Quantity,
  Reference,
  Timing,
} from '@medplum/fhirtypes';

/** Every kind of resource the export writes, each with its id (its entry's fullUrl is made of it). */
export type ExportedResource = WithId<Patient | DiagnosticReport | Observation | MedicationStatement | Appointment | Encounter | Communication | DocumentReference>;

export type { WithId };
