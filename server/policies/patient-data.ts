import { Appointment, Document, MedicalReport, Medication, MedicationReminder, SharedLink } from '../../db/models';
import { RefusedAccess } from '../errors';
import type { Actor, DoctorActor } from './actor';
import { recordAccessesOf, recordAccessOf, refusedRecords } from './patient-records';
import type { AppContext } from '../context';
import { openSharedLink, type LinkOpening, type LinkRequest, type OpeningAudit } from '../services/shared-links/opening';

/**
 * The one door to a patient's health data for anyone who is not simply reading their own list: routes,
 * socket handlers, jobs and exports reach records, doses and stored originals only through these functions.
 * Each takes the reader (who asks, and the doctor's access window) and applies the rule once: a patient
 * reaches their own data; a doctor a patient's while in care or under a break-glass grant
 * (patient-records.ts); the holder of a link the patient shared, what they shared through it (sharedFilesFor);
 * anyone else nothing. A refusal is a RefusedAccess, which answers 404 and makes the
 * request that met it write its `denied` audit row with the request id (routes/define.ts, signalling/handlers/define.ts).
 */
interface Reader {
  actor: Actor;
  doctorWindowMs: number;
}

/** The reader of the request being answered. */
export const readerOf = (ctx: AppContext): Reader => ({ actor: ctx.state.actor, doctorWindowMs: ctx.deps.config.doctorAccessWindowMs });

/** Passes when the doctor may read the patient's records now (in care, or break-glass); refused otherwise. */
async function assertDoctorMayReadRecords(actor: DoctorActor, patientId: string, windowMs: number): Promise<void> {
  if ((await recordAccessOf(actor, patientId, windowMs)).state === 'closed') throw refusedRecords(patientId, patientId);
}

/** Whose data the reader may read: their own (patientId left out or theirs), or a patient they treat now. */
async function readablePatient(reader: Reader, patientId?: string): Promise<string> {
  const { actor } = reader;
  if (actor.kind === 'patient' && (patientId === undefined || patientId === actor.userId)) return actor.userId;
  if (actor.kind === 'doctor' && patientId !== undefined) {
    await assertDoctorMayReadRecords(actor, patientId, reader.doctorWindowMs);
    return patientId;
  }
  // Admins and visitors hold no records here: a patient id names the refused patient, else the actor asked for their own.
  throw refusedRecords(patientId ?? 'own records', patientId);
}

/** What a doctor may do with a patient's records now; both false when no consultation of theirs gives reach. */
export interface RecordAbilities {
  canReadRecords: boolean;
  canBreakGlass: boolean;
}

const NO_REACH: RecordAbilities = { canReadRecords: false, canBreakGlass: false };

/**
 * The record abilities of a doctor toward each of these patients, by the same rule recordsFor applies, for
 * the screens to show: two queries for a whole page of patients (never a refusal: asking is not reading, so
 * nothing is audited here).
 */
export async function recordAbilitiesFor(doctor: DoctorActor, doctorWindowMs: number, patientIds: readonly string[]): Promise<Map<string, RecordAbilities>> {
  const accesses = await recordAccessesOf(doctor, patientIds, doctorWindowMs);
  return new Map(
    patientIds.map((patientId): [string, RecordAbilities] => {
      const access = accesses.get(patientId);
      return [patientId, access ? { canReadRecords: access.state !== 'closed', canBreakGlass: access.state === 'closed' } : NO_REACH];
    }),
  );
}

/** A patient's reports, medications and appointments, newest first. */
export async function recordsFor(reader: Reader, patientId?: string) {
  const owner = await readablePatient(reader, patientId);
  const [reports, medications, appointments] = await Promise.all([
    MedicalReport.query().where('userId', owner).orderBy('reportDate', 'desc'),
    Medication.query().where('userId', owner).orderBy('startDate', 'desc'),
    Appointment.query().where('userId', owner).orderBy('appointmentDate', 'desc'),
  ]);
  return { patientId: owner, reports, medications, appointments };
}

/** A patient's doses (medication reminders) of the last `days` days, oldest first, with their medication. */
export async function dosesFor(reader: Reader, days: number, patientId?: string) {
  const owner = await readablePatient(reader, patientId);
  return MedicationReminder.query()
    .where('userId', owner)
    .where('scheduledTime', '>', new Date(Date.now() - days * 86_400_000))
    .withGraphFetched('medication')
    .orderBy('scheduledTime', 'asc');
}

const refusedDocument = (id: string, owner?: string) => new RefusedAccess('Document not found.', { resourceType: 'document', resourceId: id, patientId: owner });

/** A stored original, to whoever may read its owner's records; anyone else is refused as if it did not exist. */
export async function documentFor(reader: Reader, id: string): Promise<Document> {
  const document = await Document.query().findById(id);
  if (!document) throw refusedDocument(id);
  try {
    await readablePatient(reader, document.userId);
  } catch (err) {
    throw err instanceof RefusedAccess ? refusedDocument(id, document.userId) : err;
  }
  return document;
}

/**
 * Whoever holds a SMART Health Link a patient shared (its address, and its passcode when it has one) reaches
 * the encrypted files shared through it while the link opens, and nothing else of the patient's. Every
 * attempt on a link that exists is audited in the patient's name by `audit`, wrong passcodes counted.
 */
export function sharedFilesFor(holder: LinkRequest, audit: OpeningAudit): Promise<LinkOpening> {
  return openSharedLink(SharedLink.knex(), holder, audit);
}
