/** Shapes of the JSON (jsonb) columns, shared by the models. */

type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** users.emergency_contact. The signup payload says `relation`; it is stored as `relationship`. */
export interface EmergencyContact {
  name: string;
  relationship: string;
  phone: string;
}

/**
 * medical_reports.results: usually an object (values may be plain or `{ value, unit, referenceRange }`),
 * but older rows may hold a jsonb *string* containing serialized JSON. Objection parses such a string
 * back into an object when reading through the model; raw knex returns it as a string.
 */
export type ReportResults = JsonObject | JsonValue[] | string;

/** doctors.availability: weekday name -> list of 'HH:MM-HH:MM' ranges. */
export type DoctorAvailability = Record<string, string[]>;

/** consultations.prescription. */
interface PrescriptionItem {
  name: string;
  dosage?: string;
  frequency?: string;
  duration?: string;
  instructions?: string;
}
export interface Prescription {
  medications?: PrescriptionItem[];
  instructions?: string;
  [key: string]: unknown;
}

/** push_subscriptions.keys, as in the browser's PushSubscription.toJSON(). */
export interface PushSubscriptionKeys {
  p256dh: string;
  auth: string;
}

/** Sessions, audit events and throttling name who acted with one of these. */
export type ActorKind = 'anonymous' | 'patient' | 'admin' | 'doctor' | 'system' | 'guest';
export type AuditOutcome = 'success' | 'denied' | 'failure';

export type ChatSenderRole = 'patient' | 'doctor' | 'guest';
