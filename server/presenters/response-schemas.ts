/**
 * What the API answers, as yup schemas: the OpenAPI document's response shapes, and what the contract
 * test holds real answers to. Each is typed against its interface in common/api-types.ts, so a field
 * added to a presenter's type and not here fails the typecheck. Every field is present in an answer
 * (absent values are null), hence `defined()` throughout.
 */
import * as yup from 'yup';
import type {
  QueuedSupportRequest,
  SupportRequest,
  SharedLinkCreated,
  SharedLinkList,
  SharedLinkSummary,
  ShlManifest,
  DoctorPasswordReset,
  NoticeAnswer,
  MfaEnrolment,
  MfaStatus,
  RecoveryCodes,
  AccessHistoryPage,
  AccountSession,
  Appointment,
  BreakGlassEntry,
  CalendarFeedStatus,
  OfflineVaultKey,
  Consultation,
  ConsultationPatient,
  ConsultationGuest,
  GuestInvitation,
  GuestLink,
  GuestSession,
  DashboardSummary,
  DocumentProcessingResult,
  DocumentProcessingUnavailable,
  DoctorConsultation,
  HealthStatus,
  LivenessStatus,
  ReadinessStatus,
  DoctorViewReport,
  MedicalReport,
  OwnReport,
  ReportAbilities,
  ReportListAbilities,
  ReportProvenance,
  ReportVersion,
  MedicalSummary,
  Medication,
  MedicationDose,
  MedicationFound,
  Notification,
  Passkey,
  PatientRecords,
  PaymentCheckout,
  PaymentIntentResponse,
  PaymentsConfig,
  PdfProcessingResult,
  PremiumSubscriptionAnswer,
  PublicUser,
  PushPublicKey,
  RecentDocument,
  RecordAccess,
  StructuredRecord,
  FhirImportAnswer,
} from '../../common/api-types';
import type { ChatHistoryResult } from '../../common/socket-events';
import type { ExportedResource as FhirResource } from '../services/export/fhir/types';
import { toJsonSchema } from '../openapi/json-schema';
import {
  APPOINTMENT_STATUSES,
  CONSULTATION_STATUSES,
  CONSULTATION_TYPES,
  GUEST_STATUSES,
  MEDICAL_SUMMARY_TYPES,
  MEDICATION_FREQUENCIES,
  PAYMENT_STATUSES,
  PROVENANCE_FIELDS,
  REPORT_SOURCES,
  REPORT_VERSION_FIELDS,
  PLAN_IDS,
  REPORT_STATUSES,
  REPORT_TYPES,
  USER_ROLES,
} from '../../common/constants';
import { FHIR_BUNDLE_TYPES } from '../../common/schemas/fhir-export';

const text = () => yup.string().defined();
const id = () => yup.string().uuid().defined();
const whole = () => yup.number().integer().defined();
const flag = () => yup.boolean().defined();
const instant = () => yup.string().defined().meta({ jsonSchema: { format: 'date-time' } });
const oneOf = <T extends string>(values: readonly T[]) => yup.string<T>().oneOf(values).defined();
/** A JSON value of the kinds given, e.g. a report's results: an object, a text or null. */
const anyOf = (...types: string[]) => yup.mixed().meta({ jsonSchema: { type: types } });
const list = <T extends yup.Schema>(item: T) => yup.array(item).defined();
const maybeText = () => yup.string().nullable().defined();

export const errorResponse = yup
  .object({
    code: text().meta({ description: "Machine-readable, e.g. 'validation_failed', 'not_found'" }),
    message: text().meta({ description: 'Safe to show to a person; 5xx answers carry a generic one' }),
    fields: yup
      .object()
      .optional()
      .meta({ description: 'Message per field name (dotted for nested fields)', jsonSchema: { additionalProperties: { type: 'string' } } }),
    details: yup.mixed().optional(),
    requestId: yup.string().optional().meta({ description: 'Quote it when reporting a 5xx: the server log has the same id' }),
    remainingAttempts: yup.number().integer().optional().meta({ description: "A SMART Health Link's wrong or missing passcode (401): wrong passcodes the link still takes before it is disabled" }),
  })
  .noUnknown();

export const okResponse = yup.object({ ok: yup.boolean<true>().oneOf([true]).defined() }).noUnknown();

export const healthResponse: yup.ObjectSchema<HealthStatus> = yup.object({
  status: oneOf(['ok', 'degraded'] as const),
  database: oneOf(['up', 'down'] as const),
  media: oneOf(['sfu', 'p2p'] as const),
  runtime: yup.object({ node: text() }).defined(),
});

export const livenessResponse: yup.ObjectSchema<LivenessStatus> = yup.object({
  status: oneOf(['live'] as const),
});

export const readinessResponse: yup.ObjectSchema<ReadinessStatus> = yup.object({
  status: oneOf(['ready', 'not_ready'] as const),
  reason: yup.string<'draining' | 'database_unreachable'>().oneOf(['draining', 'database_unreachable'] as const).nullable().defined(),
});

export const userResponse: yup.ObjectSchema<PublicUser> = yup.object({
  id: id(),
  username: text(),
  email: text(),
  firstName: text(),
  lastName: text(),
  phone: text().nullable(),
  emergencyContact: yup.object({ name: text(), phone: text(), relation: text() }).nullable().defined(),
  role: oneOf(USER_ROLES),
  biometricEnabled: flag(),
  stripeSubscriptionId: text().nullable(),
  isPremium: flag(),
  abilities: yup
    .object({ smartReminders: flag(), prioritySupport: flag() })
    .defined()
    .meta({ description: "What the plan gives (Premium's smart reminders and priority support): the app shows by these" }),
  lastLogin: instant().nullable(),
  createdAt: instant(),
  timeZone: text(),
  timeZoneFingerprint: text(),
  deletionScheduledFor: instant().nullable(),
});

export const signedInUserResponse = yup.object({ user: userResponse.defined() });

export const sessionUserResponse = yup.object({ user: userResponse.nullable().defined() });

const publicDoctorFields = {
  id: id(),
  name: text(),
  specialty: text(),
  bio: text().nullable(),
  experience: whole(),
  education: text().nullable(),
  availability: yup.object().defined(),
  consultationFee: whole(),
  rating: text(),
  totalConsultations: whole(),
  isAvailable: flag(),
  isVerified: flag(),
  profileImage: text().nullable(),
};

export const publicDoctorResponse = yup.object(publicDoctorFields);

export const doctorAccountResponse = yup.object({
  ...publicDoctorFields,
  version: whole(),
  email: text(),
  phone: text().nullable(),
  licenseNumber: text(),
  isActive: flag(),
  lastLogin: instant().nullable(),
  createdAt: instant().nullable(),
});

export const doctorSessionResponse = yup.object({ doctor: doctorAccountResponse.defined() });

export const demoCredentialsResponse = yup.object({ email: text(), password: text() });

const reportResults = () => anyOf('object', 'string', 'null') as yup.Schema<MedicalReport['results']>;

const reportResponse: yup.ObjectSchema<MedicalReport> = yup.object({
  version: whole(),
  id: id(),
  userId: id(),
  title: text(),
  type: oneOf(REPORT_TYPES),
  status: oneOf(REPORT_STATUSES),
  reportDate: instant(),
  doctorName: text().nullable(),
  facility: text().nullable(),
  documentUrl: text().nullable(),
  summary: text().nullable(),
  results: reportResults(),
  isOfflineAvailable: flag(),
  createdAt: instant(),
});

const reportAbilitiesResponse: yup.ObjectSchema<ReportAbilities> = yup.object({
  canOpen: flag().meta({ description: 'The patient may view its details and results (false: a premium analysis on the free plan)' }),
  canDownload: flag().meta({ description: 'The patient may download its document: it has one, and the report opens' }),
});

export const ownReportResponse: yup.ObjectSchema<OwnReport> = reportResponse.shape({
  abilities: reportAbilitiesResponse.defined().meta({ description: 'What the patient may do with the report: the screens show by these, never by its type or plan' }),
});

export const reportListAbilitiesResponse: yup.ObjectSchema<ReportListAbilities> = yup.object({
  canAddReport: flag().meta({ description: 'The plan takes one more report (by hand, a scan or an import)' }),
  reportsLeft: yup.number().integer().nullable().defined().meta({ description: 'How many more reports the free plan takes; null on Premium, which has no limit' }),
  canExportPdf: flag().meta({ description: 'The records download as a PDF (Premium)' }),
});

const reportProvenanceResponse: yup.ObjectSchema<ReportProvenance> = yup.object({
  source: oneOf(REPORT_SOURCES),
  patientChanged: list(oneOf(PROVENANCE_FIELDS)),
  original: yup.object({ type: oneOf(REPORT_TYPES), status: oneOf(REPORT_STATUSES), results: reportResults() }).nullable().defined() as yup.Schema<ReportProvenance['original']>,
  importedFrom: maybeText(),
});

const doctorReportResponse: yup.ObjectSchema<DoctorViewReport> = reportResponse.shape({ provenance: reportProvenanceResponse.defined() });

export const reportVersionResponse: yup.ObjectSchema<ReportVersion> = reportResponse.pick([...REPORT_VERSION_FIELDS]).shape({
  version: whole(),
  source: oneOf(REPORT_SOURCES),
  createdAt: instant(),
});

export const medicationResponse: yup.ObjectSchema<Medication> = yup.object({
  version: whole(),
  id: id(),
  userId: id(),
  name: text(),
  dosage: text(),
  frequency: oneOf(MEDICATION_FREQUENCIES),
  reminderTimes: list(text()),
  prescribedBy: text().nullable(),
  startDate: instant(),
  endDate: instant().nullable(),
  instructions: text().nullable(),
  isActive: flag(),
  createdAt: instant(),
  supply: yup
    .object({ pillsLeft: whole(), pillsPerDose: whole(), runsOutAt: instant().nullable(), refillReminderDays: whole().nullable() })
    .nullable()
    .defined()
    .meta({ description: "Premium's refill reminders: the pills left now by the schedule, and when they run out" }),
  followUpMinutes: whole().nullable().meta({ description: "Premium's follow-up: minutes after which a dose not marked is reminded again" }),
});

export const medicationListResponse = yup.object({ medications: list(medicationResponse) });

export const notificationResponse: yup.ObjectSchema<Notification> = yup.object({
  id: id(),
  userId: id(),
  title: text(),
  message: text(),
  type: text(),
  isRead: flag(),
  scheduledFor: instant().nullable(),
  createdAt: instant(),
});

export const readAllResponse = yup.object({ updated: whole() });

export const medicationDoseResponse: yup.ObjectSchema<MedicationDose> = yup.object({
  id: id(),
  medicationId: id(),
  medicationName: text(),
  dosage: text(),
  scheduledTime: instant(),
  takenTime: instant().nullable(),
  isSkipped: flag(),
  status: oneOf(['taken', 'skipped', 'pending'] as const),
  notes: maybeText(),
});

export const publicUserTimeZoneResponse: yup.ObjectSchema<Pick<PublicUser, 'timeZone'>> = yup.object({ timeZone: text() });

export const pushPublicKeyResponse: yup.ObjectSchema<PushPublicKey> = yup.object({ publicKey: text() });

export const appointmentResponse: yup.ObjectSchema<Appointment> = yup.object({
  version: whole(),
  id: id(),
  userId: id(),
  doctorName: text(),
  doctorId: id().nullable(),
  specialty: text(),
  facility: text(),
  facilityAddress: text().nullable(),
  appointmentDate: instant(),
  duration: whole(),
  type: text().nullable(),
  status: oneOf(APPOINTMENT_STATUSES),
  reason: text().nullable(),
  notes: text().nullable(),
  reminderSent: flag(),
  reminderEnabled: flag(),
  cost: whole(),
  insuranceCovered: flag(),
  confirmationCode: text().nullable(),
  createdAt: instant(),
});

const consultationCancellation = yup
  .object({ refundDeadline: instant(), deadlinePassed: flag(), refundAmount: whole(), keptAmount: whole() })
  .nullable()
  .defined()
  .meta({ description: "What the patient cancelling now would refund and keep of the fee (cents); null when there is no fee or it can no longer be cancelled" });

const consultationFields = {
  id: id(),
  patientId: id(),
  doctorId: id(),
  doctorName: text(),
  doctorSpecialty: text(),
  appointmentDate: instant(),
  duration: whole(),
  status: oneOf(CONSULTATION_STATUSES),
  consultationType: oneOf(CONSULTATION_TYPES),
  meetingRoomId: text().nullable(),
  symptoms: text().nullable(),
  diagnosis: text().nullable(),
  prescription: anyOf('string', 'object', 'null') as yup.Schema<Consultation['prescription']>,
  followUpDate: instant().nullable(),
  consultationNotes: text().nullable(),
  patientNotes: text().nullable(),
  fee: whole().nullable(),
  paymentStatus: oneOf(PAYMENT_STATUSES),
  cancellation: consultationCancellation,
  refundPending: flag().meta({
    description: 'Cancelled with its paid fee owed back, and Stripe has not made the refund yet (the server asks again): `paymentStatus` stays paid until it does',
  }),
  rating: yup.number().nullable().defined(),
  feedback: text().nullable(),
  recordingUrl: text().nullable(),
  createdAt: instant(),
  updatedAt: instant(),
  canJoin: flag().meta({ description: 'The asker may enter its call and chat now (the consultation is open and its fee has not failed)' }),
  doctorWithdrawn: flag().meta({
    description: 'The clinic has since unverified or deactivated the doctor: the consultation cannot take place, it can no longer be paid or rescheduled, and the patient\'s cancellation refunds a paid fee in full',
  }),
};

export const consultationResponse: yup.ObjectSchema<Consultation> = yup.object(consultationFields);

export const patientCountResponse = yup.object({ totalPatients: whole() });

export const chatTranscriptResponse: yup.ObjectSchema<ChatHistoryResult> = yup.object({
  messages: list(
    yup.object({
      id: id(),
      consultationId: id(),
      sender: oneOf(['patient', 'doctor', 'guest'] as const),
      guestId: yup.string().uuid().optional().meta({ description: "The writing guest's id, on a guest's line only" }),
      senderName: text(),
      text: text(),
      createdAt: instant(),
    }),
  ),
  hasMore: flag().meta({ description: 'Older lines exist: ask again with before = the first line of this page' }),
});

export const consultationGuestResponse: yup.ObjectSchema<ConsultationGuest> = yup.object({
  id: id(),
  consultationId: id(),
  invitedBy: oneOf(['doctor', 'patient'] as const),
  status: oneOf(GUEST_STATUSES),
  name: maybeText().meta({ description: 'The name the guest gave when opening the link; null until then' }),
  expiresAt: instant(),
  joinedAt: instant().nullable(),
  createdAt: instant(),
});

export const guestInvitationResponse: yup.ObjectSchema<GuestInvitation> = yup.object({
  guest: consultationGuestResponse.defined(),
  link: text().meta({ description: 'The guest page with the token after #: shown this once, the server keeps only its hash' }),
});

export const guestLinkResponse: yup.ObjectSchema<GuestLink> = yup.object({
  doctorName: text().meta({ description: "The consultation's doctor, whom the guest will see" }),
  consultationType: oneOf(CONSULTATION_TYPES).meta({ description: 'Video, audio or chat: what the guest joins' }),
});

export const guestSessionResponse: yup.ObjectSchema<GuestSession> = yup.object({
  guest: yup.object({ id: id(), name: text() }).defined(),
  consultation: yup
    .object({
      id: id(),
      consultationType: oneOf(CONSULTATION_TYPES),
      status: oneOf(CONSULTATION_STATUSES),
      doctorName: text(),
      appointmentDate: instant(),
    })
    .defined(),
});

const consultationPatient: yup.ObjectSchema<ConsultationPatient> = yup.object({
  id: id(),
  firstName: text(),
  lastName: text(),
  email: text(),
  phone: text().nullable(),
  emergencyContact: yup.object({ name: text(), relationship: text(), phone: text() }).nullable().defined(),
});

export const doctorConsultationResponse: yup.ObjectSchema<DoctorConsultation> = yup.object({
  ...consultationFields,
  patient: consultationPatient.defined(),
  canReadRecords: flag().meta({ description: "The doctor may read this patient's records now (in care, or by break-glass)" }),
  canBreakGlass: flag().meta({ description: "The doctor's access window to this patient has closed: the records open only by break-glass" }),
});

export const recordAccessResponse: yup.ObjectSchema<RecordAccess> = yup.object({
  state: oneOf(['care', 'break_glass', 'closed'] as const),
  until: instant().nullable(),
});

export const breakGlassEntryResponse: yup.ObjectSchema<BreakGlassEntry> = yup.object({
  id: id(),
  doctorId: id(),
  doctorName: text(),
  patientId: id(),
  patientName: text(),
  reason: text(),
  createdAt: instant(),
  expiresAt: instant(),
});

export const supportRequestResponse: yup.ObjectSchema<SupportRequest> = yup.object({
  id: id(),
  subject: text(),
  message: text(),
  priority: flag().meta({ description: 'Written with Premium: answered first' }),
  answer: text().nullable(),
  answeredAt: instant().nullable(),
  createdAt: instant(),
});

export const queuedSupportRequestResponse: yup.ObjectSchema<QueuedSupportRequest> = supportRequestResponse.shape({ patientName: text() });

export const patientRecordsResponse: yup.ObjectSchema<PatientRecords> = yup.object({
  reports: list(doctorReportResponse),
  medications: list(medicationResponse),
  appointments: list(appointmentResponse),
  timeZone: text().meta({ description: "The patient's zone (IANA): their report and medication dates are days there, wherever the doctor reads them" }),
});

/** What a summary's statement or recommendation may be drawn from. */
const SUMMARY_RECORD_TYPES = ['report', 'medication', 'appointment', 'consultation'] as const;

export const dashboardSummaryResponse: yup.ObjectSchema<DashboardSummary> = yup.object({
  totalReports: whole(),
  urgentReports: whole(),
  activeMedications: whole(),
  upcomingAppointments: whole(),
  recommendations: list(text()),
  citedRecommendations: list(
    yup.object({ text: text(), recordType: oneOf(SUMMARY_RECORD_TYPES), recordId: id(), cites: text() }).meta({ description: 'A recommendation and the record it is drawn from' }),
  ),
});

export const medicalSummaryResponse: yup.ObjectSchema<MedicalSummary> = yup.object({
  type: oneOf(MEDICAL_SUMMARY_TYPES),
  generatedAt: instant(),
  statements: list(
    yup.object({ text: text(), recordType: oneOf(SUMMARY_RECORD_TYPES), recordId: id() }),
  ),
  summary: text(),
  disclaimer: text(),
});

const ACTOR_KINDS = ['patient', 'doctor', 'admin', 'system', 'anonymous', 'guest'] as const;

export const accessHistoryResponse: yup.ObjectSchema<AccessHistoryPage> = yup.object({
  entries: list(
    yup.object({
      id: id(),
      who: text(),
      actorKind: oneOf(ACTOR_KINDS),
      what: text(),
      action: text(),
      outcome: oneOf(['success', 'denied', 'failure'] as const),
      at: instant(),
      reason: text().nullable(),
    }),
  ),
  nextCursor: id().nullable(),
});

export const noticeResponse: yup.ObjectSchema<NoticeAnswer> = yup.object({ message: text() });

export const doctorPasswordResetResponse: yup.ObjectSchema<DoctorPasswordReset> = yup.object({ emailed: flag(), resetLink: text().nullable() });

export const mfaStatusResponse: yup.ObjectSchema<MfaStatus> = yup.object({
  enabled: flag(),
  required: flag(),
  recoveryCodesLeft: yup.number().integer().defined(),
});

export const mfaEnrolmentResponse: yup.ObjectSchema<MfaEnrolment> = yup.object({ secret: text(), otpauthUri: text(), qrCode: text() });

const recoveryCodeList = () => yup.array(text()).defined();

export const recoveryCodesResponse: yup.ObjectSchema<RecoveryCodes> = yup.object({ recoveryCodes: recoveryCodeList() });

/** The second step of a sign-in: the account signed in, and its recovery codes when this step confirmed its authenticator. */
export const mfaSignInResponse = yup.object({
  user: userResponse.default(undefined).optional(),
  doctor: doctorAccountResponse.default(undefined).optional(),
  recoveryCodes: recoveryCodeList().optional(),
});

export const accountSessionResponse: yup.ObjectSchema<AccountSession> = yup.object({
  id: text(),
  device: text(),
  createdAt: instant(),
  lastUsedAt: instant(),
  current: yup.boolean().defined(),
});

export const passkeyResponse: yup.ObjectSchema<Passkey> = yup.object({
  id: id(),
  deviceName: text().nullable(),
  createdAt: instant(),
  lastUsedAt: instant().nullable(),
});

/** WebAuthn ceremony options, passed to the browser's navigator.credentials as they are (see @simplewebauthn). */
export const webAuthnOptionsResponse = yup
  .object({ challenge: text() })
  .meta({ description: 'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3)' });

export const offlineVaultKeyResponse: yup.ObjectSchema<OfflineVaultKey> = yup.object({
  key: text().meta({ description: 'AES-KW key, 32 bytes, base64url' }),
});

export const calendarFeedResponse: yup.ObjectSchema<CalendarFeedStatus> = yup.object({
  enabled: flag(),
  url: text().nullable().meta({ description: 'The secret feed address: in the answer that creates it only' }),
  timeZone: text().nullable(),
  createdAt: instant().nullable(),
});


const medicationFoundResponse: yup.ObjectSchema<MedicationFound> = yup.object({ name: text(), dose: maybeText(), frequency: maybeText(), source: text() });

const structuredRecordResponse: yup.ObjectSchema<StructuredRecord> = yup.object({
  patientInfo: anyOf('object', 'string', 'null') as yup.Schema<StructuredRecord['patientInfo']>,
  consultationDate: maybeText(),
  chiefComplaint: maybeText(),
  diagnosis: maybeText(),
  treatmentPlan: maybeText(),
  followUp: maybeText(),
  additionalNotes: maybeText(),
});

export const documentProcessingResponse: yup.ObjectSchema<DocumentProcessingResult> = yup.object({
  success: yup.boolean<true>().oneOf([true]).defined(),
  message: text(),
  structuredRecord: structuredRecordResponse.defined(),
  extractedText: text(),
  aiAnalysis: yup.object({ extractedText: text(), medicationsFound: list(medicationFoundResponse) }).defined(),
  report: ownReportResponse.defined(),
  sources: yup
    .object()
    .defined()
    .meta({ description: 'Per field path, the line of extracted text it was read from', jsonSchema: { additionalProperties: { type: 'string' } } }),
  reportDateQuestion: yup
    .object({ written: maybeText(), choices: list(text()) })
    .nullable()
    .defined()
    .meta({ description: "Null when the report's date was read for certain; else the date as written (null: none found) and the dates it can mean, for the patient to choose" }),
});

const documentUnavailableResponse: yup.ObjectSchema<DocumentProcessingUnavailable> = yup.object({ success: yup.boolean<false>().oneOf([false]).defined(), message: text() });

/** A PDF is read into a report, or (no text and no readable page) nothing is saved. */
export const pdfProcessingResponse = yup
  .mixed<PdfProcessingResult>()
  .meta({ jsonSchema: { oneOf: [toJsonSchema(documentProcessingResponse), toJsonSchema(documentUnavailableResponse)] } });

export const recentDocumentResponse: yup.ObjectSchema<RecentDocument> = yup.object({
  id: id(),
  filename: text(),
  mimeType: text(),
  pages: whole(),
  createdAt: instant(),
  reportId: yup.string().uuid().nullable().defined(),
  reportTitle: maybeText(),
});

export const documentFile = { contentType: '*/*', description: 'The original as it was uploaded (PNG, JPEG or PDF), with its own Content-Type, as an attachment' };

export const calendarFile = { contentType: 'text/calendar', description: 'An RFC 5545 calendar (.ics) with a VTIMEZONE and a reminder per event' };

/** Every kind of resource the FHIR export writes; `satisfies` fails the typecheck when a kind is added to the export and not here. */
const FHIR_RESOURCE_TYPES = Object.keys({
  Patient: true,
  DiagnosticReport: true,
  Observation: true,
  MedicationStatement: true,
  Appointment: true,
  Encounter: true,
  Communication: true,
  DocumentReference: true,
} satisfies Record<FhirResource['resourceType'], true>) as FhirResource['resourceType'][];

/** The FHIR export's envelope; each resource's own fields are FHIR R4's (hl7.org/fhir/R4), not restated here. */
export const fhirBundleResponse = yup.object({
  resourceType: oneOf(['Bundle'] as const),
  type: oneOf(FHIR_BUNDLE_TYPES),
  timestamp: instant(),
  entry: list(
    yup.object({
      fullUrl: text().meta({ description: "urn:uuid:<the resource's id>: what references inside the bundle point to" }),
      resource: yup.object({ resourceType: oneOf(FHIR_RESOURCE_TYPES), id: id() }).defined().meta({ description: 'A FHIR R4 resource of the kind resourceType names' }),
      request: yup
        .object({ method: oneOf(['POST'] as const), url: oneOf(FHIR_RESOURCE_TYPES) })
        .default(undefined)
        .optional()
        .meta({ description: 'In a transaction only: create the resource (POST) in the collection of its type' }),
    }),
  ),
});

export const recordsPdfFile = { contentType: 'application/pdf', description: "The patient's records as a printable PDF, as an attachment" };

export const paymentCheckoutResponse: yup.ObjectSchema<PaymentCheckout> = yup.object({
  clientSecret: text().meta({ description: "Stripe's client secret, for the Payment Element's confirmPayment" }),
  amount: whole().meta({ description: 'Cents charged, decided by the server' }),
});

export const paymentIntentResponse: yup.ObjectSchema<PaymentIntentResponse> = paymentCheckoutResponse.shape({ plan: oneOf(PLAN_IDS) });

export const paymentsConfigResponse: yup.ObjectSchema<PaymentsConfig> = yup.object({
  configured: flag(),
  publishableKey: text().nullable(),
  testMode: flag(),
  freeCancellationHours: whole(),
});

export const premiumSubscriptionResponse: yup.ObjectSchema<PremiumSubscriptionAnswer> = yup.object({
  subscription: yup
    .object({
      plan: oneOf(PLAN_IDS).nullable(),
      status: text(),
      currentPeriodEnd: instant().nullable(),
      cancelAtPeriodEnd: flag(),
      testMode: flag(),
    })
    .nullable()
    .defined(),
});

/** The refusals of a sign-in step (a password, a passkey, a second factor), for their routes' `refusals`. */
export const signInRefusals = {
  401: "The credentials, code or passkey were not accepted; or (code 'mfa_required') the sign-in waits for its second step",
  403: "This account may not sign in (a doctor pending verification or deactivated), not over plain HTTP in production, or (code 'account_protected') not from a new browser after too many failures",
  429: 'Too many failed sign-ins from this network or for this account: Retry-After says when to try again',
};

export const webhookAcceptedResponse = yup.object({ received: yup.boolean<true>().oneOf([true]).defined() });

export const listOf = <T extends yup.Schema>(item: T) => list(item);

export const fhirImportResponse: yup.ObjectSchema<FhirImportAnswer> = yup.object({
  source: text().meta({ description: "Where the records come from (the IPS's custodian or author, the Bundle's meta.source, else the file name): their provenance says 'imported from <source>'" }),
  saved: flag().meta({ description: 'false for a preview, which saves nothing; true once saved' }),
  reports: list(yup.object({ from: text(), title: text(), type: oneOf(REPORT_TYPES), reportDate: text(), results: whole() })),
  medications: list(yup.object({ from: text(), name: text(), dosage: text(), frequency: oneOf(MEDICATION_FREQUENCIES), startDate: text() })),
  skipped: list(yup.object({ resourceType: text(), label: text(), reason: text() })).meta({ description: 'Each resource left out, with why, in words for the patient' }),
  reportLimit: yup
    .object({ reportsLeft: whole(), leftOut: whole() })
    .nullable()
    .defined()
    .meta({ description: "Set when the file holds more new reports than the free plan takes: how many it takes and how many of the file's reports are left out (in skipped; the newest are kept). Null when all fit" }) as yup.Schema<FhirImportAnswer['reportLimit']>,
});

const sharedLinkFields = {
  id: id(),
  label: text(),
  flag: text().meta({ description: 'The SMART Health Link flags, in alphabetical order: L long-term, P passcode, U the address is the file itself' }),
  state: oneOf(['active', 'expired', 'locked'] as const).meta({ description: "'locked' once the link took too many wrong passcodes" }),
  expiresAt: instant(),
  createdAt: instant(),
  openCount: whole(),
  lastOpenedAt: instant().nullable(),
  lastRecipient: text().nullable().meta({ description: 'Who the last opener said they were (their manifest request\'s recipient), not verified' }),
};

const sharedLinkResponse: yup.ObjectSchema<SharedLinkSummary> = yup.object(sharedLinkFields);

export const sharedLinkCreatedResponse: yup.ObjectSchema<SharedLinkCreated> = yup.object({
  ...sharedLinkFields,
  manifestUrl: text().meta({ description: "The link's manifest address (the payload's `url`), shown this once: the browser builds the shlink:/ payload from it with its own key" }),
  viewerUrl: text().meta({ description: "This app's viewer, to put before '#shlink:/...'" }),
});

export const sharedLinksResponse: yup.ObjectSchema<SharedLinkList> = yup.object({ links: list(sharedLinkResponse) });

export const shlManifestResponse: yup.ObjectSchema<ShlManifest> = yup.object({
  files: list(
    yup.object({
      contentType: text(),
      location: yup.string().optional().meta({ description: 'A single-use address, working for 10 minutes, answering the encrypted file (application/jose)' }),
      embedded: yup.string().optional().meta({ description: "The encrypted file itself (compact JWE), when the request's embeddedLengthMax allowed it" }),
      lastUpdated: instant(),
      status: oneOf(['finalized', 'can-change'] as const),
      fhirVersion: text(),
    }),
  ),
});

export const sharedFile = {
  contentType: 'application/jose',
  description: 'The shared FHIR R4 Bundle, encrypted in the patient\'s browser as a compact JWE (alg dir, enc A256GCM, cty application/fhir+json); the key is in the link only',
};
