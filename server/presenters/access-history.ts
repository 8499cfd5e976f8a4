import type { AuditEvent } from '../../db/models';
import type { AccessHistoryEntry } from '../../common/api-types';
import type { PatientActor } from '../policies/actor';
import { iso } from '../lib/dates';
import { doctorLabel } from '../../common/names';
import { isRefusedAction } from '../services/audit';

export const BREAK_GLASS_ACTION = 'doctor.break_glass';
/** A document fetched by the app's offline vault, not opened by a person (web/offline/use-vault-sync.ts asks so). */
export const DOCUMENT_KEPT_OFFLINE = 'document.keep_offline';
const SIGN_IN_ACTIONS = new Set(['auth.login', 'auth.passkey_login', 'auth.doctor_login']);

/** Labels for the verbs recorded today; anything newer falls back to a reading of its name. */
const LABELS: Record<string, string> = {
  'auth.signup': 'Created the account',
  'profile.update': 'Changed the profile',
  'account.deletion_request': 'Asked to delete the account',
  'account.deletion_cancel': 'Kept the account',
  'export.fhir': 'Downloaded the records (FHIR)',
  'export.fhir_chosen': 'Downloaded chosen records (FHIR)',
  'auth.login': 'Signed in',
  'auth.passkey_login': 'Signed in with biometric login',
  'auth.logout': 'Signed out',
  'auth.change_password': 'Changed the password',
  'auth.revoke_other_sessions': 'Signed out other devices',
  'auth.revoke_session': 'Signed out a device',
  'passkey.register': 'Set up biometric login on a device',
  'passkey.remove': 'Removed biometric login from a device',
  'passkey.list': 'Viewed the biometric login devices',
  'auth.list_sessions': 'Viewed the signed-in devices',
  'report.list': 'Viewed the list of medical reports',
  'report.read': 'Viewed a medical report',
  'report.read_versions': 'Viewed the earlier versions of a medical report',
  'report.create': 'Added a medical report',
  'report.update': 'Changed a medical report',
  'report.delete': 'Deleted a medical report',
  'medication.list': 'Viewed medications',
  'medication.create': 'Added a medication',
  'medication.update': 'Changed a medication',
  'medication.delete': 'Deleted a medication',
  'appointment.list': 'Viewed appointments',
  'appointment.create': 'Booked an appointment',
  'appointment.reminder': 'Changed an appointment reminder',
  'appointment.reschedule': 'Rescheduled an appointment',
  'appointment.cancel': 'Cancelled an appointment',
  'appointment.calendar': 'Added an appointment to a calendar',
  'consultation.calendar': 'Added a consultation to a calendar',
  'calendar_feed.enable': 'Turned on the calendar feed',
  'calendar_feed.disable': 'Turned off the calendar feed',
  'consultation.list': 'Viewed consultations',
  'consultation.read': 'Viewed a consultation',
  'consultation.book': 'Booked a consultation',
  'consultation.reschedule': 'Rescheduled a consultation',
  'consultation.cancel': 'Cancelled a consultation',
  'consultation.join': 'Joined a consultation call',
  'consultation.status.in_progress': 'Started a consultation',
  'consultation.status.completed': 'Completed a consultation',
  'consultation.status.cancelled': 'Cancelled a consultation',
  'consultation.payment_checkout': 'Started paying for a consultation',
  'consultation.payment_sync': 'Checked a consultation payment with Stripe',
  'consultation.chat_history': 'Read earlier messages of a consultation chat',
  'consultation.chat_message': 'Sent a message in a consultation chat',
  'profile.read': 'Viewed the profile',
  'access_history.read': 'Viewed the access history',
  'notification.list': 'Viewed notifications',
  'notification.read': 'Read a notification',
  'notification.read_all': 'Marked all notifications as read',
  'support_request.create': 'Wrote to the support team',
  'support_request.list': 'Viewed the support requests',
  'support_request.read': 'Viewed a support request',
  'support_request.answer': 'Answered a support request',
  'summary.dashboard': 'Viewed the dashboard summary',
  'summary.overview': 'Generated an AI medical summary',
  'summary.report_analysis': 'Generated an AI report analysis',
  'summary.medication_review': 'Generated an AI medication review',
  'summary.health_insights': 'Generated AI health insights',
  'consultation.guest_list': 'Viewed the guests of a consultation',
  'consultation.guest_invite': 'Invited a guest to a consultation',
  'consultation.guest_request': 'Asked for a guest in a consultation',
  'consultation.guest_approve': 'Approved a guest for a consultation',
  'consultation.guest_revoke': 'Withdrew a guest link',
  'consultation.guest_remove': 'Removed a guest from a consultation',
  'consultation.guest_admit': 'Let a guest into a consultation call',
  'guest.lobby': "Waited in a consultation call's lobby",
  'guest.join': 'Opened a guest link to a consultation',
  'doctor.list_consultations': 'Viewed your consultations',
  'doctor.view_consultation': 'Viewed a consultation',
  'doctor.view_records': 'Viewed your medical records',
  'doctor.break_glass': 'Opened your records outside the access window (break-glass)',
  'doctor.consultation_in_progress': 'Started a consultation',
  'doctor.consultation_completed': 'Completed a consultation',
  'doctor.consultation_cancelled': 'Cancelled a consultation',
  'shared_link.create': 'Shared records with a link',
  'shared_link.list': 'Viewed the shared links',
  'shared_link.revoke': 'Revoked a shared link',
  'shared_link.open': 'Opened a link you shared',
  'shared_link.download': 'Downloaded the records of a link you shared',
  'account.erase': "Erased the account's health data",
  'auth.mfa_challenge': 'Signed in with the password; asked for the second step',
  'auth.mfa_enrol': 'Set up two-step verification',
  'auth.mfa_verify': 'Gave the two-step verification code',
  'auth.mfa_disable': 'Turned off two-step verification',
  'auth.password_reset_request': 'Asked for a password reset link',
  'auth.password_reset': 'Reset the password',
  'doctor.view_medication_log': 'Viewed your medication log',
  'document.list': 'Viewed the recent scans',
  'document.process': 'Scanned a document into a report',
  'document.unreadable': 'Uploaded a document that could not be read',
  'document.read': 'Opened a document',
  [DOCUMENT_KEPT_OFFLINE]: 'Saved a document on a device for offline use',
  'import.fhir.preview': 'Previewed records to import from a FHIR file',
  'import.fhir': 'Imported records from a FHIR file',
  'medication_reminder.list': 'Viewed medication doses',
  'offline_vault.key_release': 'Opened the records kept on a device',
};

/** Refused attempts recorded under their own verb rather than as a refused path. */
const REFUSED_LABELS: Record<string, string> = {
  'shared_link.open': 'Tried to open a link you shared and was refused (a wrong passcode, or the link expired or was revoked)',
  'consultation.join': 'Tried to join a consultation call and was refused (its fee not paid)',
};

const VERBS: Record<string, string> = {
  list: 'Viewed',
  read: 'Viewed',
  view: 'Viewed',
  create: 'Added',
  add: 'Added',
  update: 'Changed',
  delete: 'Deleted',
  cancel: 'Cancelled',
  book: 'Booked',
  reschedule: 'Rescheduled',
  export: 'Exported',
  process: 'Processed',
  generate: 'Generated',
};

function words(text: string): string {
  return text.replace(/[_.]+/g, ' ').trim();
}

/** 'report.export' -> 'Exported report'; an unknown shape -> its words, capitalised. */
function describeAction(action: string, outcome: AuditEvent['outcome']): string {
  if (SIGN_IN_ACTIONS.has(action) && outcome !== 'success') return 'Failed sign-in attempt';
  // A refused request's action is what it asked (a path): the patient is told what happened instead.
  if (isRefusedAction(action)) return 'Tried to open your records and was refused';
  if (outcome !== 'success' && REFUSED_LABELS[action]) return REFUSED_LABELS[action];
  const known = LABELS[action];
  if (known) return known;
  const [resource = '', verb = ''] = action.split('.', 2);
  const past = VERBS[verb];
  if (past && resource) return `${past} ${words(resource)}`;
  const plain = words(action);
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

/** Who acted, as the patient should read it. Other patients are never named. */
function describeActor(event: AuditEvent, viewer: PatientActor): string {
  switch (event.actorKind) {
    case 'patient':
      return event.actorId === viewer.userId ? 'You' : 'Another patient';
    case 'doctor':
      return doctorLabel(event.actorName?.trim() || 'a doctor');
    case 'admin':
      return 'Administrator';
    case 'system':
      return 'MediVault';
    case 'guest':
      return `${event.actorName?.trim() || 'A guest'} (guest)`;
    case 'anonymous':
      // A visitor named only by what they typed when opening a link the patient shared (its `recipient`).
      return event.actorName ? `${event.actorName} (not verified)` : 'Someone';
    default:
      return 'Someone';
  }
}

/** A doctor's or the patient's change to a guest (not the guest's own doing): its row names the guest. */
export function namesGuest(event: Pick<AuditEvent, 'action' | 'resourceType'>): boolean {
  return event.resourceType === 'consultation_guest' && event.action.startsWith('consultation.guest_');
}

/** What the rows' resources tell beyond the row, found by their ids (the row names its resource; these live with it). */
interface AccessHistoryDetails {
  /** Break-glass reasons by grant id. */
  reasons?: ReadonlyMap<string, string>;
  /** The names guests gave, by guest id. */
  guests?: ReadonlyMap<string, string>;
}

function describe(event: AuditEvent, guests: ReadonlyMap<string, string>): string {
  const what = describeAction(event.action, event.outcome);
  const guest = namesGuest(event) && event.resourceId ? guests.get(event.resourceId) : undefined;
  return guest ? `${what}: ${guest}` : what;
}

export function presentAccessHistoryEntry(event: AuditEvent, viewer: PatientActor, { reasons = new Map(), guests = new Map() }: AccessHistoryDetails = {}): AccessHistoryEntry {
  return {
    id: event.id,
    who: describeActor(event, viewer),
    actorKind: event.actorKind,
    what: describe(event, guests),
    action: event.action,
    outcome: event.outcome,
    at: iso(event.createdAt)!,
    reason: (event.action === BREAK_GLASS_ACTION && event.resourceId && reasons.get(event.resourceId)) || null,
  };
}
