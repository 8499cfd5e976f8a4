/**
 * Business constants and enumerations shared by web, server and signalling.
 * Values come from the product spec (section 9 for limits, section 3 for enumerations).
 * Pure TypeScript: no Node or DOM imports.
 */

// ---------------------------------------------------------------------------
// Accounts and input limits
// ---------------------------------------------------------------------------

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = /^[a-zA-Z0-9_]+$/;
/** Every password a person sets (patients, admin-created doctors); see schemas/password.ts. */
export const PASSWORD_MIN = 8;
export const NAME_MIN = 2;
export const SIGNUP_STEPS = 2;

/** Any string field longer than this is rejected (10 kB). */
export const MAX_FIELD_LENGTH = 10_000;
export const CHAT_MAX_LENGTH = 2000;
export const SYMPTOMS_MAX_LENGTH = 2000;
export const MAX_REMINDER_TIMES = 24;

/** Largest scanned image or PDF accepted for processing (decoded bytes). */
export const MAX_DOCUMENT_BYTES = 15 * 1024 * 1024;
/** The same limit on the base64 data URL that carries it (4/3 expansion plus the header). */
export const MAX_DOCUMENT_DATA_URL_LENGTH = Math.ceil((MAX_DOCUMENT_BYTES * 4) / 3) + 100;
/** Largest image read (width x height), so a small file cannot unpack into gigabytes of pixels. */
export const MAX_DOCUMENT_PIXELS = 50_000_000;
/** Most pages a PDF may have to be read. */
export const MAX_PDF_PAGES = 50;
/** How many of the patient's latest documents 'Recent Scans' lists. */
export const RECENT_DOCUMENTS_LIMIT = 5;

/** Consultation length bounds (minutes). */
export const CONSULTATION_DURATION_MIN = 5;
export const CONSULTATION_DURATION_MAX = 240;

/**
 * Clock-skew allowance for "not in the past" date checks: a date-time picked for the current
 * minute, or a client clock slightly ahead of the server, must not be rejected.
 */
export const PAST_DATE_GRACE_MS = 5 * 60_000;

// ---------------------------------------------------------------------------
// Sessions, caching, lists
// ---------------------------------------------------------------------------

export const SESSION_CACHE_MS = 5 * 60_000;

export const DASHBOARD_RECENT_REPORTS = 5;
export const DASHBOARD_UPCOMING_APPOINTMENTS = 2;
export const HEALTH_SUMMARY_RECENT_REPORTS = 3;
export const HEALTH_SUMMARY_ACTIVE_MEDICATIONS = 2;
export const DOCTOR_RECENT_CONSULTATIONS = 5;

// ---------------------------------------------------------------------------
// Defaults
// ---------------------------------------------------------------------------

export const DEFAULT_DURATION_MINUTES = 30;
export const DEFAULT_REMINDER_TIME = '08:00';
export const ADMIN_DOCTOR_RATING = '4.5';
/** date-fns format of the date on report cards. */
export const REPORT_DATE_FORMAT = 'MMM dd, yyyy';

// ---------------------------------------------------------------------------
// Camera, call, install prompt
// ---------------------------------------------------------------------------

export const CAMERA_JPEG_QUALITY = 0.8;
export const CAMERA_IDEAL = { width: 1920, height: 1080 } as const;
export const POST_CALL_REDIRECT_MS = 2000;
/** Chat lines in the join answer and in one page of earlier lines ('chat:history'). */
export const CHAT_HISTORY_PAGE = 50;
export const IOS_INSTALL_PROMPT_DELAY_MS = 2000;

// ---------------------------------------------------------------------------
// Toasts and tooltips
// ---------------------------------------------------------------------------

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** The toast viewport's width on medium screens and up. */
export const TOAST_VIEWPORT_MAX_WIDTH_PX = 420;
/** How far a toast is swiped right before it is dismissed. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

// ---------------------------------------------------------------------------
// Data cache (spec: loaded data never goes stale on its own; no retry)
// ---------------------------------------------------------------------------

export const QUERY_STALE_TIME = Infinity;
export const QUERY_GC_TIME_MS = 5 * 60_000;

// ---------------------------------------------------------------------------
// Plans and billing
// ---------------------------------------------------------------------------

export const FREE_PLAN_REPORT_LIMIT = 10;
/** What payments are charged in unless said otherwise (ISO 4217, as Stripe spells it). */
export const DEFAULT_CURRENCY = 'usd';
/** The server's answer (402) to a report the free plan has no room for; the scanner says it before an upload too. */
export const REPORT_LIMIT_REACHED = `The free plan holds ${FREE_PLAN_REPORT_LIMIT} reports. Upgrade to Premium to add more.`;

/** A FHIR import's file: its size (413 beyond it) and its number of entries (400 beyond it). */
export const FHIR_IMPORT_MAX_BYTES = 15 * 1024 * 1024;
export const FHIR_IMPORT_MAX_ENTRIES = 10_000;

/**
 * SMART Health Links (HL7 SMART Health Cards and Links IG, STU1): how long a patient may share for, how many
 * wrong passcodes a link takes in its lifetime before it is disabled, how big its encrypted file may be, and
 * how long a file's download address works (the IG allows at most an hour).
 */
export const SHARED_LINK_EXPIRY_DAYS = [1, 7, 30, 90, 365] as const;
export const SHARED_LINK_PASSCODE_ATTEMPTS = 5;
export const SHARED_LINK_PASSCODE_MIN_LENGTH = 6;
export const SHARED_LINK_LABEL_MAX_LENGTH = 80;
export const SHARED_LINK_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const SHARED_LINK_DOWNLOAD_SECONDS = 600;

export const PLAN_IDS = ['monthly', 'yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Price in dollars, as displayed. */
  price: number;
  /** Price in cents, as sent to the payment intent (dollars times 100). */
  amountCents: number;
  interval: 'month' | 'year';
  /** Yearly only: dollars saved against twelve monthly payments. */
  savings?: number;
  badge?: string;
  savingsLabel?: string;
}

export const PLANS: { readonly monthly: Plan; readonly yearly: Plan } = {
  monthly: {
    id: 'monthly',
    name: 'Monthly',
    price: 9.99,
    amountCents: 999,
    interval: 'month',
  },
  yearly: {
    id: 'yearly',
    name: 'Yearly',
    price: 99.99,
    amountCents: 9999,
    interval: 'year',
    savings: 19.89,
    badge: 'Best value - 2 months free!',
    savingsLabel: 'Save $19.89',
  },
};

// ---------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------

export const USER_ROLES = ['patient', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const REPORT_TYPES = [
  'blood_work',
  'x_ray',
  'mri',
  'prescription',
  'consultation',
  'heart_rate',
  'premium_analysis',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  blood_work: 'Blood Work',
  x_ray: 'X-Ray',
  mri: 'MRI',
  prescription: 'Prescription',
  consultation: 'Consultation',
  heart_rate: 'Heart Rate',
  premium_analysis: 'Premium Analysis',
};

/** Report types only premium users may open. */
export const PREMIUM_REPORT_TYPES: readonly ReportType[] = ['premium_analysis'];

export const REPORT_STATUSES = ['urgent', 'review', 'normal', 'active'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Where a report's content came from: read from an upload, entered by a clinic, written by the patient, or imported from a FHIR file. */
export const REPORT_SOURCES = ['patient', 'document', 'doctor', 'import'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/** The clinical fields whose patient changes a doctor is shown beside the original. */
export const PROVENANCE_FIELDS = ['type', 'status', 'results'] as const;
export type ProvenanceField = (typeof PROVENANCE_FIELDS)[number];

/** The content each kept version of a report holds. */
export const REPORT_VERSION_FIELDS = ['title', 'type', 'status', 'reportDate', 'doctorName', 'facility', 'summary', 'results'] as const;
export type ReportVersionField = (typeof REPORT_VERSION_FIELDS)[number];
export const DEFAULT_REPORT_STATUS: ReportStatus = 'normal';

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  urgent: 'Urgent',
  review: 'Review',
  normal: 'Normal',
  active: 'Active',
};

export const MEDICATION_FREQUENCIES = [
  'once_daily',
  'twice_daily',
  'three_times_daily',
  'four_times_daily',
  'as_needed',
  'weekly',
  'monthly',
] as const;
export type MedicationFrequency = (typeof MEDICATION_FREQUENCIES)[number];
export const DEFAULT_MEDICATION_FREQUENCY: MedicationFrequency = 'once_daily';

export const MEDICATION_FREQUENCY_LABELS: Record<MedicationFrequency, string> = {
  once_daily: 'Once daily',
  twice_daily: 'Twice daily',
  three_times_daily: 'Three times daily',
  four_times_daily: 'Four times daily',
  as_needed: 'As needed',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

export const APPOINTMENT_STATUSES = ['scheduled', 'confirmed', 'completed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const CONSULTATION_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];

export const CONSULTATION_STATUS_LABELS: Record<ConsultationStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const CONSULTATION_TYPES = ['video', 'audio', 'chat'] as const;
export type ConsultationType = (typeof CONSULTATION_TYPES)[number];
export const DEFAULT_CONSULTATION_TYPE: ConsultationType = 'video';

export const CONSULTATION_TYPE_LABELS: Record<ConsultationType, string> = {
  video: 'Video Call',
  audio: 'Audio Call',
  chat: 'Chat Only',
};

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const RELATIONSHIP_OPTIONS = ['spouse', 'parent', 'child', 'sibling', 'friend', 'other'] as const;
export type Relationship = (typeof RELATIONSHIP_OPTIONS)[number];

export const RELATIONSHIP_LABELS: Record<Relationship, string> = {
  spouse: 'Spouse',
  parent: 'Parent',
  child: 'Child',
  sibling: 'Sibling',
  friend: 'Friend',
  other: 'Other',
};

export const APPOINTMENT_SPECIALTIES = [
  'General Medicine',
  'Cardiology',
  'Dermatology',
  'Endocrinology',
  'Gastroenterology',
  'Neurology',
  'Orthopedics',
  'Pediatrics',
  'Psychiatry',
  'Radiology',
  'Surgery',
  'Urology',
] as const;
export type AppointmentSpecialty = (typeof APPOINTMENT_SPECIALTIES)[number];

export const ADMIN_SPECIALTIES = [
  'Cardiology',
  'Dermatology',
  'Endocrinology',
  'Gastroenterology',
  'Neurology',
  'Oncology',
  'Pediatrics',
  'Psychiatry',
  'Radiology',
  'Surgery',
  'General Practice',
  'Emergency Medicine',
  'Orthopedics',
  'Ophthalmology',
  'ENT',
  'Gynecology',
  'Urology',
] as const;
export type AdminSpecialty = (typeof ADMIN_SPECIALTIES)[number];

/** The three analyses of the AI summary screen, plus the server's overall summary. */
export const MEDICAL_SUMMARY_TYPES = ['overview', 'report_analysis', 'medication_review', 'health_insights'] as const;
export type MedicalSummaryType = (typeof MEDICAL_SUMMARY_TYPES)[number];

// ---------------------------------------------------------------------------
// Formatting helpers
// ---------------------------------------------------------------------------

/** Cents shown as dollars with 2 decimals: 7500 -> '75.00'. */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) return '0.00';
  return (cents / 100).toFixed(2);
}

/** Dollars to integer cents (payment amounts, fees entered in dollars): 9.99 -> 999. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * Dashboard greeting by local time of day: morning before 12:00, afternoon before 18:00,
 * otherwise evening; followed by the first name or 'Patient'.
 */
export function greetingFor(date: Date, firstName?: string | null): string {
  const hour = date.getHours();
  const part = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
  const name = firstName?.trim() || 'Patient';
  return `Good ${part}, ${name}`;
}

/** The header a paged list's total travels in, so the body stays the plain list the spec describes. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** Guests in a call (issue 38): a call holds its two sides and at most this many guests at once. */
export const MAX_CONSULTATION_GUESTS = 2;
/** Why a peer-to-peer server has no guests: said by the server when asked, and shown instead of 'Invite a guest'. */
export const GUESTS_NEED_SFU =
  'Guests need the video server (SFU), which this server is not running: a peer-to-peer call holds only the patient and the doctor.';
/** How long a guest link works unless the inviter says otherwise, and the most it may (minutes). */
export const GUEST_LINK_DEFAULT_MINUTES = 24 * 60;
export const GUEST_LINK_MAX_MINUTES = 7 * 24 * 60;
export const GUEST_NAME_MAX = 80;
/** What a guest reads until the doctor lets them in (the join's in_lobby answer). */
export const GUEST_LOBBY_MESSAGE = 'Waiting for the doctor to let you in';
/**
 * A guest link's life: awaiting_approval (the patient asked, the doctor has not approved), invited (it works),
 * joined (it was used: the guest's session is live), revoked or removed (ended before or after it was used).
 */
export const GUEST_STATUSES = ['awaiting_approval', 'invited', 'joined', 'revoked', 'removed'] as const;
export type GuestStatus = (typeof GUEST_STATUSES)[number];

/** Sent by the offline vault with a document it fetches to keep, so the access history tells that from a person opening it. */
export const FETCH_PURPOSE_HEADER = 'X-MediVault-Purpose';
export const OFFLINE_COPY = 'offline-copy';
