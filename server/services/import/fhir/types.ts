import type { MedicationFrequency, ReportStatus, ReportType } from '../../../../common/constants';
import type { JsonObject, JsonValue } from '../../../../db/models/types';

/** Any FHIR resource as read from an uploaded file: only what the importer looks at is trusted, after checking. */
export type AnyResource = { resourceType: string; id?: string } & Record<string, unknown>;

/** A resource of the file, with the address other entries reach it by. */
export interface FileEntry {
  fullUrl: string | undefined;
  resource: AnyResource;
}

/** What a report of the app is made of, from one or more resources. */
export interface ImportedReport {
  title: string;
  type: ReportType;
  status: ReportStatus;
  /** A calendar day, YYYY-MM-DD. */
  reportDate: string;
  doctorName: string | null;
  facility: string | null;
  summary: string | null;
  results: JsonObject | null;
}

export interface ImportedMedication {
  name: string;
  dosage: string;
  frequency: MedicationFrequency;
  startDate: string;
  endDate: string | null;
  instructions: string | null;
  prescribedBy: string | null;
  isActive: boolean;
}

/** A record to add and the fingerprints of the resources it is made of (a report and its Observations). */
export interface Planned<T> {
  from: string;
  fingerprints: string[];
  record: T;
}

/** A resource left out, and why, in words for the patient. */
export interface SkippedResource {
  resourceType: string;
  label: string;
  reason: string;
}

/** One value of a report's results, as the scanner stores it. */
export type ResultValue = JsonValue;
