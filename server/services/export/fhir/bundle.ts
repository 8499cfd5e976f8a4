import { User } from '../../../../db/models';
import { RefusedAccess } from '../../../errors';
import { documentsOf } from '../../../policies/document';
import type { FhirBundleType } from '../../../../common/schemas/fhir-export';
import type { PatientActor } from '../../../policies/actor';
import { reportsOf } from '../../../policies/medical-report';
import { medicationsOf } from '../../../policies/medication';
import { appointmentsOf } from '../../../policies/appointment';
import { consultationsWithTranscripts } from '../consultation-records';
import type { Attachment, Bundle, BundleEntry, ExportedResource } from './types';
import { patientResource } from './patient';
import { reportResources } from './reports';
import { medicationStatement } from './medications';
import { appointmentResource } from './appointments';
import { encounterResource } from './encounters';
import { communicationResource } from './communications';
import { attachmentOf, documentReference } from './documents';
import { entryUrl } from './references';
import { instant } from './values';

/** Chosen records to export instead of all of them (a shared link's): the Patient and these only. */
interface RecordSelection {
  reportIds: string[];
  medicationIds: string[];
}

interface FhirExportOptions {
  /** This server's origin: the documents' download addresses start with it. */
  origin: string;
  generatedAt: Date;
  type: FhirBundleType;
  selection?: RecordSelection;
}

/** No column of the account beyond name and contact details, and the zone its records' days are kept in. */
const accountOf = (patient: PatientActor) =>
  User.query().findById(patient.userId).select('id', 'email', 'firstName', 'lastName', 'phone', 'emergencyContact', 'timeZone').throwIfNotFound();

/** Every chosen id must be one of the patient's records: any other answers 404, as if it did not exist. */
function assertAllFound(ids: string[], found: { id: string }[], resourceType: string, what: string): void {
  const missing = ids.find((id) => !found.some((record) => record.id === id));
  if (missing) throw new RefusedAccess(`${what} not found.`, { resourceType, resourceId: missing });
}

/** The chosen reports and medications, through the patient's own scoped queries; nothing else but the Patient. */
async function loadChosen(patient: PatientActor, { reportIds, medicationIds }: RecordSelection) {
  const [user, reports, medications] = await Promise.all([
    accountOf(patient),
    reportsOf(patient).whereIn('medical_reports.id', reportIds).orderBy(['reportDate', 'id']),
    medicationsOf(patient).whereIn('medications.id', medicationIds).orderBy(['startDate', 'id']),
  ]);
  assertAllFound(reportIds, reports, 'medical_report', 'Report');
  assertAllFound(medicationIds, medications, 'medication', 'Medication');
  return [user, reports, medications, [], [], []] as Awaited<ReturnType<typeof loadRecords>>;
}

/** Everything the bundle tells, through the patient's own scoped queries. */
function loadRecords(patient: PatientActor) {
  return Promise.all([
    accountOf(patient),
    reportsOf(patient).orderBy(['reportDate', 'id']),
    medicationsOf(patient).orderBy(['startDate', 'id']),
    appointmentsOf(patient).orderBy(['appointmentDate', 'id']),
    consultationsWithTranscripts(patient),
    documentsOf(patient).select('id', 'userId', 'filename', 'mimeType', 'byteSize', 'createdAt').orderBy(['createdAt', 'id']),
  ]);
}

/** Every resource is new to the server that imports it: created there (POST), other entries finding it by its urn:uuid. */
function entryOf(resource: ExportedResource, type: FhirBundleType): BundleEntry<ExportedResource> {
  const entry = { fullUrl: entryUrl(resource.id), resource };
  return type === 'transaction' ? { ...entry, request: { method: 'POST', url: resource.resourceType } } : entry;
}

/** The patient's records (all, or the chosen ones) as one FHIR R4 Bundle: the Patient first, every other entry about them. */
export async function patientBundle(patient: PatientActor, { origin, generatedAt, type, selection }: FhirExportOptions): Promise<Bundle<ExportedResource>> {
  const [user, reports, medications, appointments, consultations, documents] = selection ? await loadChosen(patient, selection) : await loadRecords(patient);
  const originals = new Map<string, Attachment>(documents.map((document) => [document.id, attachmentOf(document, origin)]));
  const resources: ExportedResource[] = [
    patientResource(user),
    ...reports.flatMap((report) => reportResources(report, report.documentId ? originals.get(report.documentId) : undefined, user.timeZone)),
    ...medications.map((medication) => medicationStatement(medication, generatedAt.getTime(), user.timeZone)),
    ...appointments.map(appointmentResource),
    ...consultations.flatMap((consultation) => [encounterResource(consultation), ...(consultation.chatMessages ?? []).map((line) => communicationResource(line, consultation))]),
    ...documents.map((document) => documentReference(document, origin, reports.filter((report) => report.documentId === document.id))),
  ];
  return {
    resourceType: 'Bundle',
    type,
    timestamp: instant(generatedAt),
    entry: resources.map((resource) => entryOf(resource, type)),
  };
}
