/**
 * What the REST API returns. JSON is camelCase; dates and timestamps are ISO 8601 strings;
 * money (cost, fee, consultationFee, amount) is integer cents. Absent optional values are null.
 */
import type {
  AppointmentStatus,
  ConsultationStatus,
  ConsultationType,
  GuestStatus,
  MedicalSummaryType,
  MedicationFrequency,
  PaymentStatus,
  ProvenanceField,
  PlanId,
  Relationship,
  ReportSource,
  ReportVersionField,
  ReportStatus,
  ReportType,
  UserRole,
} from './constants';

/** An ISO 8601 timestamp, e.g. '2025-03-01T14:30:00.000Z'. */
export type IsoDateString = string;

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

/** The one error shape of REST responses and socket acks. */
export interface ApiError {
  /** Machine-readable code, e.g. 'VALIDATION_FAILED', 'NOT_FOUND'. */
  code: string;
  /** Human-readable message, safe to show. 5xx answers carry a generic one. */
  message: string;
  details?: unknown;
  /** Per-field messages keyed by field name (dotted for nested fields), for Formik. */
  fields?: Record<string, string>;
  /** Correlates a 5xx with the server log. */
  requestId?: string;
  /** A SMART Health Link's wrong or missing passcode (401): how many more wrong ones the link takes before it is disabled, as the IG names it. */
  remainingAttempts?: number;
}

// ---------------------------------------------------------------------------
// Users and doctors
// ---------------------------------------------------------------------------

/** A patient's emergency contact as stored and returned to the patient. */
interface EmergencyContact {
  name: string;
  phone: string;
  relation: Relationship | string;
}

/** The logged-in user (GET /api/auth/me). Never carries a password or a Stripe customer id. */
/** GET /api/auth/session: who is signed in here, if a patient or admin. */
export interface SessionUser {
  user: PublicUser | null;
}

export interface PublicUser {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  emergencyContact: EmergencyContact | null;
  role: UserRole;
  biometricEnabled: boolean;
  stripeSubscriptionId: string | null;
  /** True when stripeSubscriptionId is set. */
  isPremium: boolean;
  /** What the account's plan gives, as the server decides it: screens show these, never re-deriving them from the plan. */
  abilities: PlanAbilities;
  lastLogin: IsoDateString | null;
  createdAt: IsoDateString;
  /** IANA zone medication reminder times are read in. */
  timeZone: string;
  /** That zone's offsets this year (common/time-zone-fingerprint.ts): the browser compares its own before reading its zone's name. */
  timeZoneFingerprint: string;
  /** When the account's requested deletion takes effect (ISO); null when none is pending. */
  deletionScheduledFor: IsoDateString | null;
}

/** Premium's features that change what a screen offers. */
export interface PlanAbilities {
  /** Refill and follow-up reminders may be set on medications. */
  smartReminders: boolean;
  /** Support requests go to the front of the support team's queue. */
  prioritySupport: boolean;
}

/** A patient's request to the support team, as the patient sees it. */
export interface SupportRequest {
  id: string;
  subject: string;
  message: string;
  /** Written with Premium: answered first. */
  priority: boolean;
  answer: string | null;
  answeredAt: IsoDateString | null;
  createdAt: IsoDateString;
}

/** A support request in the admin's queue: who asked, to answer them. */
export interface QueuedSupportRequest extends SupportRequest {
  patientName: string;
}

/** A doctor as the admin roster and the doctor portal see it (no password). */
export interface PublicDoctor {
  id: string;
  /** Raised with every change to the profile; sent back as If-Match to change it. */
  version: number;
  name: string;
  specialty: string;
  licenseNumber: string;
  email: string;
  phone: string | null;
  bio: string | null;
  /** Years. */
  experience: number;
  education: string | null;
  availability: Record<string, unknown>;
  /** Cents. */
  consultationFee: number;
  /** Text, e.g. '4.5'. */
  rating: string;
  totalConsultations: number;
  isAvailable: boolean;
  profileImage: string | null;
  isVerified: boolean;
  /** False once an admin deactivated the doctor (roster only; deactivated doctors cannot sign in). */
  isActive: boolean;
  lastLogin: IsoDateString | null;
  createdAt: IsoDateString;
}

/** A doctor as patients see it in GET /api/doctors (no contact or licence details). */
export type DoctorListing = Pick<
  PublicDoctor,
  | 'id'
  | 'name'
  | 'specialty'
  | 'bio'
  | 'experience'
  | 'education'
  | 'consultationFee'
  | 'rating'
  | 'totalConsultations'
  | 'isAvailable'
  | 'profileImage'
  | 'isVerified'
>;

/** POST /api/auth/doctor/login answer. GET /api/auth/doctor/me answers the same. */
export interface DoctorSession {
  doctor: PublicDoctor;
}

/** The patient as a doctor sees it on one of their consultations. */
export interface ConsultationPatient {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  /** The doctor view names the relation 'relationship'. */
  emergencyContact: { name: string; relationship: string; phone: string } | null;
}

// ---------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------

/** Test results: a key-value object (values may be arrays, nested objects or text) or JSON text. */
type ReportResults = Record<string, unknown> | string | null;

export interface MedicalReport {
  id: string;
  /** Raised with every change; sent back as If-Match to change it (a stale one answers 412). */
  version: number;
  userId: string;
  title: string;
  type: ReportType;
  status: ReportStatus;
  reportDate: IsoDateString;
  doctorName: string | null;
  facility: string | null;
  documentUrl: string | null;
  summary: string | null;
  results: ReportResults;
  isOfflineAvailable: boolean;
  createdAt: IsoDateString;
}

/** What the patient may do with one of their reports, in the server's word: the screens never re-derive it from type or plan. */
export interface ReportAbilities {
  /** View its details and results (false: a premium analysis on the free plan, shown locked with a way to /premium). */
  canOpen: boolean;
  /** Download its document: it has one, and the report opens. */
  canDownload: boolean;
}

/** A report as answered to its owner: with what they may do with it. */
export interface OwnReport extends MedicalReport {
  abilities: ReportAbilities;
}

/** What the patient may do with their reports as a whole (GET /api/medical-reports/abilities). */
export interface ReportListAbilities {
  /** The plan takes one more report (by hand, a scan or an import). */
  canAddReport: boolean;
  /** How many more reports the free plan takes; null on Premium, which has no limit. */
  reportsLeft: number | null;
  /** The records download as a PDF (Premium). */
  canExportPdf: boolean;
}

export interface Medication {
  id: string;
  /** Raised with every change; sent back as If-Match to change it (a stale one answers 412). */
  version: number;
  userId: string;
  name: string;
  dosage: string;
  frequency: MedicationFrequency;
  /** 'HH:MM' strings. */
  reminderTimes: string[];
  prescribedBy: string | null;
  startDate: IsoDateString;
  endDate: IsoDateString | null;
  instructions: string | null;
  isActive: boolean;
  createdAt: IsoDateString;
  /** Premium's refill reminders: the pills kept track of, or null when none are. */
  supply: MedicationSupply | null;
  /** Premium's follow-up: minutes after a dose's time that it is reminded again while unmarked; null when off. */
  followUpMinutes: number | null;
}

/** A medication's supply as the server projects it from the schedule (every dose since the count taken). */
export interface MedicationSupply {
  pillsLeft: number;
  pillsPerDose: number;
  /** The first dose the pills no longer cover; null when the schedule has no such dose (as needed, ended, inactive). */
  runsOutAt: IsoDateString | null;
  /** Days before running out that a refill reminder comes; null when off. */
  refillReminderDays: number | null;
}

/** GET /api/medications answer. */
export interface MedicationList {
  medications: Medication[];
}

export interface Notification {
  id: string;
  userId: string;
  title: string;
  message: string;
  type: string;
  isRead: boolean;
  scheduledFor: IsoDateString | null;
  createdAt: IsoDateString;
}

/** Alias of Notification that does not shadow the DOM's Notification. */
export type AppNotification = Notification;

export interface Appointment {
  id: string;
  /** Raised with every change; sent back as If-Match to change it (a stale one answers 412). */
  version: number;
  userId: string;
  doctorName: string;
  doctorId: string | null;
  specialty: string;
  facility: string;
  facilityAddress: string | null;
  appointmentDate: IsoDateString;
  /** Minutes. */
  duration: number;
  type: string | null;
  status: AppointmentStatus;
  reason: string | null;
  notes: string | null;
  /** The reminder flag (sent as reminderEnabled). */
  reminderSent: boolean;
  /** The same flag under the name the reminder toggle sends. */
  reminderEnabled: boolean;
  /** Cents. */
  cost: number;
  insuranceCovered: boolean;
  confirmationCode: string | null;
  createdAt: IsoDateString;
}

export interface Consultation {
  id: string;
  patientId: string;
  doctorId: string;
  doctorName: string;
  doctorSpecialty: string;
  appointmentDate: IsoDateString;
  /** Minutes. */
  duration: number;
  status: ConsultationStatus;
  consultationType: ConsultationType;
  meetingRoomId: string | null;
  symptoms: string | null;
  diagnosis: string | null;
  prescription: string | Record<string, unknown> | null;
  followUpDate: IsoDateString | null;
  consultationNotes: string | null;
  patientNotes: string | null;
  /** Cents. */
  fee: number | null;
  paymentStatus: PaymentStatus;
  /** What the patient cancelling now would do to the fee; null when there is no fee or it can no longer be cancelled. */
  cancellation: ConsultationCancellation | null;
  /** Cancelled with its paid fee owed back, and Stripe has not made the refund yet (it is asked again): the fee is still `paid`. */
  refundPending: boolean;
  rating: number | null;
  feedback: string | null;
  recordingUrl: string | null;
  createdAt: IsoDateString;
  updatedAt: IsoDateString;
  /** The asker may enter its call and chat now (still open, fee not failed): the server's own join rule, for the screens to show Join by. */
  canJoin: boolean;
  /**
   * The clinic has since unverified or deactivated the doctor: the consultation cannot take place, it can no
   * longer be paid or rescheduled, and the patient's cancellation refunds a paid fee in full.
   */
  doctorWithdrawn: boolean;
}

/** The server's refund rule applied to one consultation when the answer was made (server/services/payments/refund-rule.ts). */
export interface ConsultationCancellation {
  /** Until then a cancellation by the patient refunds the fee paid in full (24 hours before the start); after it, only when the clinic withdrew the doctor. */
  refundDeadline: IsoDateString;
  /** The deadline has passed: a cancellation by the patient refunds nothing, unless the clinic withdrew the doctor. */
  deadlinePassed: boolean;
  /** Cents a cancellation by the patient now gives back: the fee paid, before the deadline or when the doctor is withdrawn; else 0. */
  refundAmount: number;
  /** Cents it keeps: the fee paid, when it is not refunded; else 0 (nothing paid, nothing kept). */
  keptAmount: number;
}

/** A consultation as its doctor sees it (GET /api/doctor/consultations and /consultation/{id}). */
export interface DoctorConsultation extends Consultation {
  patient: ConsultationPatient;
  /** The doctor may read this patient's records now (in care, or by break-glass), as GET /api/doctor/patient/{id}/records would answer. */
  canReadRecords: boolean;
  /** The doctor's access window to this patient has closed: the records open only by break-glass, with a reason. */
  canBreakGlass: boolean;
}

/**
 * Whether a doctor may read a patient's records now (GET /api/doctor/patients/{patientId}/record-access):
 * 'care' from booking until the access window after the consultation ends, 'break_glass' while a grant the
 * doctor asked for with a reason lasts, 'closed' otherwise. `until` is when it closes (null: open-ended).
 */
export interface RecordAccess {
  state: 'care' | 'break_glass' | 'closed';
  until: IsoDateString | null;
}

/** A break-glass access as admins review it (GET /api/admin/break-glass). */
export interface BreakGlassEntry {
  id: string;
  doctorId: string;
  doctorName: string;
  patientId: string;
  patientName: string;
  reason: string;
  createdAt: IsoDateString;
  expiresAt: IsoDateString;
}

/** GET /api/doctor/patient/{patientId}/records answer. */
/** Where a report's clinical content came from, and what the patient changed of it since. */
export interface ReportProvenance {
  /** Who wrote the report's current content. */
  source: ReportSource;
  /** Fields the patient changed from the last version a document or a doctor gave. */
  patientChanged: ProvenanceField[];
  /** That version's values (null when the patient wrote the report from the start). */
  original: Pick<MedicalReport, 'type' | 'status' | 'results'> | null;
  /** Where an imported report came from ('imported from <source>'); null for any other. */
  importedFrom: string | null;
}

/** A report as a treating doctor sees it: with its provenance. */
export interface DoctorViewReport extends MedicalReport {
  provenance: ReportProvenance;
}

/** One version of a report, as it was then, and who made it. */
export interface ReportVersion extends Pick<MedicalReport, ReportVersionField> {
  version: number;
  source: ReportSource;
  createdAt: IsoDateString;
}

export interface PatientRecords {
  reports: DoctorViewReport[];
  medications: Medication[];
  appointments: Appointment[];
  /** The patient's zone (IANA): their report and medication dates are days there, wherever the doctor reads them. */
  timeZone: string;
}

// ---------------------------------------------------------------------------
// Summaries
// ---------------------------------------------------------------------------

/** A recommendation and the record it is drawn from. */
export interface CitedRecommendation {
  text: string;
  recordType: SummaryStatement['recordType'];
  recordId: string;
  /** The record (and the result in it) as the patient knows it: 'LDL Cholesterol 162 mg/dL in Lipid panel from Apr 3, 2026'. */
  cites: string;
}

/** GET /api/dashboard-summary answer. */
export interface DashboardSummary {
  totalReports: number;
  urgentReports: number;
  activeMedications: number;
  upcomingAppointments: number;
  /** Spec: a list of strings; the same recommendations, each with its source, are in citedRecommendations. */
  recommendations: string[];
  citedRecommendations: CitedRecommendation[];
}

/** One sentence of a generated summary and the record it is drawn from. */
export interface SummaryStatement {
  text: string;
  recordType: 'report' | 'medication' | 'appointment' | 'consultation';
  recordId: string;
}

/** POST /api/medical-summary answer. */
export interface MedicalSummary {
  type: MedicalSummaryType;
  generatedAt: IsoDateString;
  statements: SummaryStatement[];
  /** The statements as one preformatted text. */
  summary: string;
  disclaimer: string;
}

// ---------------------------------------------------------------------------
// Documents, payments, push
// ---------------------------------------------------------------------------

interface StructuredPatientInfo {
  name?: string | null;
  patientId?: string | null;
  age?: string | number | null;
  gender?: string | null;
}

/** A scanned or uploaded document turned into a consultation record (spec section 3). The server always sends patientInfo as an object. */
export interface StructuredRecord {
  patientInfo: string | StructuredPatientInfo | null;
  consultationDate: string | null;
  chiefComplaint: string | null;
  diagnosis: string | null;
  treatmentPlan: string | null;
  followUp: string | null;
  additionalNotes: string | null;
}

/** A medication named in a document: a generic name from the server's curated list. */
export interface MedicationFound {
  name: string;
  dose: string | null;
  frequency: string | null;
  /** The line of extracted text it was read from. */
  source: string;
}

/**
 * POST /api/process-medical-document and /api/process-pdf-document answer (spec section 3), plus the
 * saved report (as GET /api/medical-reports/:id presents it) and `sources`: per field path
 * ('diagnosis', 'patientInfo.name', 'results.hemoglobin', 'medications.Metformin'...) the line of
 * extracted text it was read from.
 */
/** A scanned document's date that was not read for certain: the review asks the patient for it. */
export interface ReportDateQuestion {
  /** The date as the document writes it; null when it names none. */
  written: string | null;
  /** 'YYYY-MM-DD' dates it can mean (day and month either way round); none when it could not be read. */
  choices: string[];
}

export interface DocumentProcessingResult {
  success: true;
  message: string;
  structuredRecord: StructuredRecord;
  extractedText: string;
  aiAnalysis: { extractedText: string; medicationsFound: MedicationFound[] };
  report: OwnReport;
  sources: Record<string, string>;
  /** Null when the report's date was read for certain; else the saved report holds today's until the review saves one. */
  reportDateQuestion: ReportDateQuestion | null;
}

/** A PDF with no text and no readable page: nothing was saved (spec 'PDF Processing Unavailable'). */
export interface DocumentProcessingUnavailable {
  success: false;
  message: string;
}

/** POST /api/process-pdf-document answer. */
export type PdfProcessingResult = DocumentProcessingResult | DocumentProcessingUnavailable;

/** GET /api/documents/recent: the patient's latest processed documents, newest first. */
export interface RecentDocument {
  id: string;
  filename: string;
  mimeType: string;
  pages: number;
  createdAt: IsoDateString;
  reportId: string | null;
  reportTitle: string | null;
}

/** What the browser needs to pay with Stripe's Payment Element: the client secret and the amount charged (cents). */
export interface PaymentCheckout {
  clientSecret: string;
  amount: number;
}

/** POST /api/create-payment-intent answer: the first invoice of a Premium subscription for the plan. */
export interface PaymentIntentResponse extends PaymentCheckout {
  plan: PlanId;
}

/** GET /api/payments/config: whether this server takes payments, Stripe's publishable key, Testing Mode, and the refund rule. */
export interface PaymentsConfig {
  configured: boolean;
  publishableKey: string | null;
  /** Grant Premium Access is offered (never in production). */
  testMode: boolean;
  /** A paid consultation fee is refunded in full when the patient cancels more than this many hours before the start. */
  freeCancellationHours: number;
}

/** GET /api/subscription: the subscription that gives the user Premium, or null. */
export interface PremiumSubscription {
  plan: PlanId | null;
  /** Stripe's subscription status (active, past_due, ...). */
  status: string;
  /** Premium lasts at least until then (null for a Testing Mode grant). */
  currentPeriodEnd: IsoDateString | null;
  cancelAtPeriodEnd: boolean;
  /** Granted in Testing Mode, without a payment. */
  testMode: boolean;
}

export interface PremiumSubscriptionAnswer {
  subscription: PremiumSubscription | null;
}

// ---------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------

/** GET /api/health answer. */
export interface HealthStatus {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  media: 'sfu' | 'p2p';
  /** The Node version this server process runs on. */
  runtime: { node: string };
}

/** GET /api/health/live answer: the process runs its event loop. */
export interface LivenessStatus {
  status: 'live';
}

/** GET /api/health/ready answer: 200 while the server takes new work, 503 with the reason while it should be sent none. */
export interface ReadinessStatus {
  status: 'ready' | 'not_ready';
  /** Why not: the process has begun to shut down, or PostgreSQL does not answer; null when ready. */
  reason: 'draining' | 'database_unreachable' | null;
}

// ---------------------------------------------------------------------------
// Guests in a call
// ---------------------------------------------------------------------------

/** A guest of a consultation, as its patient and doctor see them (GET /api/consultations/{id}/guests). */
export interface ConsultationGuest {
  id: string;
  consultationId: string;
  /** Who asked for the guest: the doctor's invitations work at once, the patient's once the doctor approves. */
  invitedBy: 'doctor' | 'patient';
  status: GuestStatus;
  /** The name the guest gave when opening the link; null until then. */
  name: string | null;
  expiresAt: IsoDateString;
  joinedAt: IsoDateString | null;
  createdAt: IsoDateString;
}

/** POST /api/consultations/{id}/guests answer: the guest, and the link shown this once (only its hash is kept). */
export interface GuestInvitation {
  guest: ConsultationGuest;
  link: string;
}

/** POST /api/guest/link: a guest link that can still be opened: its consultation's doctor and kind, for the name form. */
export interface GuestLink {
  doctorName: string;
  consultationType: ConsultationType;
}

/** GET /api/guest/session and POST /api/guest/join: who the guest is and the one consultation they may join. */
export interface GuestSession {
  guest: { id: string; name: string };
  consultation: {
    id: string;
    consultationType: ConsultationType;
    status: ConsultationStatus;
    doctorName: string;
    appointmentDate: IsoDateString;
  };
}

// ---------------------------------------------------------------------------
// Account security
// ---------------------------------------------------------------------------

/** One line of a patient's Access history (GET /api/access-history). */
export interface AccessHistoryEntry {
  id: string;
  /** 'You', 'Dr. {name}', 'Administrator', '{name} (guest)', '{name} (not verified)' (who opened a shared link, as they said), 'Someone' (another visitor without a session) or 'MediVault'. */
  who: string;
  /** The role the actor acted in. */
  actorKind: 'patient' | 'doctor' | 'admin' | 'system' | 'anonymous' | 'guest';
  /** What happened, for people: 'Signed in', 'Viewed a medical report'. */
  what: string;
  /** The recorded verb, e.g. 'auth.login'. */
  action: string;
  outcome: 'success' | 'denied' | 'failure';
  at: IsoDateString;
  /** The reason a doctor gave for a break-glass access ('doctor.break_glass'); null for every other row. */
  reason: string | null;
}

/** GET /api/access-history answer: newest first; pass nextCursor as `before` for the next page. */
export interface AccessHistoryPage {
  entries: AccessHistoryEntry[];
  nextCursor: string | null;
}

/** A passkey the signed-in patient registered (GET /api/passkeys). */
/** One signed-in device (session) of the account, as the 'Signed-in devices' list shows it. */
/** GET /api/auth/mfa: the caller's two-step verification. */
/** A second factor an account can finish a password sign-in with (recovery codes aside). */
export type SecondFactorMethod = 'totp' | 'passkey';

export interface MfaStatus {
  enabled: boolean;
  /** Asked of this account at every sign-in whatever it chooses (doctors and admins, by default). */
  required: boolean;
  recoveryCodesLeft: number;
}

/** POST /api/auth/mfa/enrolment: a new authenticator secret, shown this once. */
export interface MfaEnrolment {
  /** Base32, to type into an authenticator by hand. */
  secret: string;
  otpauthUri: string;
  /** The URI as a QR code: an SVG data URL. */
  qrCode: string;
}

/** An answer that is the same whatever the request found (a password reset asked for an address). */
export interface NoticeAnswer {
  message: string;
}

/** POST /api/admin/doctors/{id}/password-reset: emailed to the doctor, or the link for the admin to hand over. */
export interface DoctorPasswordReset {
  emailed: boolean;
  /** Shown this once when no mail is set up; null when it was emailed. */
  resetLink: string | null;
}

/** Recovery codes, shown once: when the authenticator is confirmed. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

export interface AccountSession {
  /** An opaque handle for revoking it, never the session id. */
  id: string;
  /** A coarse 'Browser on System' label from the User-Agent at sign-in. */
  device: string;
  createdAt: IsoDateString;
  lastUsedAt: IsoDateString;
  /** The session of the request that asked. */
  current: boolean;
}

export interface Passkey {
  id: string;
  deviceName: string | null;
  createdAt: IsoDateString;
  lastUsedAt: IsoDateString | null;
}

// ---------------------------------------------------------------------------
// Calendar
// ---------------------------------------------------------------------------

/** GET/POST /api/calendar/feed answer. The secret URL is in the answer that creates it, and never again. */
/** GET /api/auth/vault-key: what unwraps the account's offline vault key on a device. */
export interface OfflineVaultKey {
  key: string;
}

export interface CalendarFeedStatus {
  enabled: boolean;
  url: string | null;
  timeZone: string | null;
  createdAt: IsoDateString | null;
}

/** Whether a shared link opens now: 'locked' after too many wrong passcodes. */
export type SharedLinkState = 'active' | 'expired' | 'locked';

/** A SMART Health Link the patient shared, as their list shows it (the link itself, holding the key, is never kept). */
export interface SharedLinkSummary {
  id: string;
  label: string;
  /** The IG's flags: L long-term, P passcode, U the address is the file itself. */
  flag: string;
  state: SharedLinkState;
  expiresAt: IsoDateString;
  createdAt: IsoDateString;
  openCount: number;
  lastOpenedAt: IsoDateString | null;
  /** Who the last opener said they were: their word, not verified. */
  lastRecipient: string | null;
}

/** The answer that creates a link: the manifest address and the viewer, from which the browser builds the link with its key. Shown once. */
export interface SharedLinkCreated extends SharedLinkSummary {
  manifestUrl: string;
  viewerUrl: string;
}

export interface SharedLinkList {
  links: SharedLinkSummary[];
}

/** One file of a SMART Health Link manifest (HL7 SMART Health Cards and Links IG): inline, or at a short-lived address. */
export interface ShlManifestFile {
  contentType: string;
  location?: string;
  embedded?: string;
  lastUpdated: IsoDateString;
  status: 'finalized' | 'can-change';
  fhirVersion: string;
}

export interface ShlManifest {
  files: ShlManifestFile[];
}

/** One dose a medication reminder asked about, and what the patient answered (the adherence log). */
export interface MedicationDose {
  id: string;
  medicationId: string;
  medicationName: string;
  dosage: string;
  scheduledTime: IsoDateString;
  takenTime: IsoDateString | null;
  isSkipped: boolean;
  /** taken, skipped, or pending when not answered (yet). */
  status: 'taken' | 'skipped' | 'pending';
  notes: string | null;
}

/** The server's VAPID public key, for PushManager.subscribe({ applicationServerKey }). */
export interface PushPublicKey {
  publicKey: string;
}

/** POST /api/import/fhir/preview and /api/import/fhir answer: what the file adds (or added, once saved), and what it leaves out and why. */
export interface FhirImportAnswer {
  /** Where the records come from: their provenance says 'imported from <source>'. */
  source: string;
  saved: boolean;
  reports: Array<{ from: string; title: string; type: ReportType; reportDate: string; results: number }>;
  medications: Array<{ from: string; name: string; dosage: string; frequency: MedicationFrequency; startDate: string }>;
  skipped: Array<{ resourceType: string; label: string; reason: string }>;
  /**
   * Set when the file holds more new reports than the free plan takes: how many it takes (`reportsLeft`) and how
   * many of the file's reports are left out (listed in `skipped`, the newest are kept). Null when all fit (or on Premium).
   */
  reportLimit: { reportsLeft: number; leftOut: number } | null;
}
