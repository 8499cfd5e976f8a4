/**
 * The parts of FHIR R4 (https://hl7.org/fhir/R4/) the export writes. Absent values are left out
 * (`undefined` is dropped by JSON): FHIR allows neither null, nor empty strings, nor empty lists.
 */

export interface Coding {
  system: string;
  code: string;
  display?: string;
}

export interface CodeableConcept {
  coding?: Coding[];
  text?: string;
}

/** To another entry of the bundle (`urn:uuid:<id>`), or to someone or something known only by name. */
export interface Reference {
  reference?: string;
  display?: string;
}

export interface Period {
  start?: string;
  end?: string;
}

export interface Quantity {
  value: number;
  unit?: string;
}

export interface Attachment {
  contentType: string;
  url: string;
  title: string;
  size: number;
  creation: string;
}

export interface ContactPoint {
  system: 'phone' | 'email';
  value: string;
}

export interface Patient {
  resourceType: 'Patient';
  id: string;
  name?: { family?: string; given?: string[]; text?: string }[];
  telecom?: ContactPoint[];
  contact?: { relationship: CodeableConcept[]; name: { text: string }; telecom?: ContactPoint[] }[];
}

export interface DiagnosticReport {
  resourceType: 'DiagnosticReport';
  id: string;
  status: 'preliminary' | 'final';
  category: CodeableConcept[];
  code: CodeableConcept;
  subject: Reference;
  effectiveDateTime: string;
  issued: string;
  performer?: Reference[];
  result?: Reference[];
  conclusion?: string;
  presentedForm?: Attachment[];
}

export interface Observation {
  resourceType: 'Observation';
  id: string;
  status: 'final';
  code: CodeableConcept;
  subject: Reference;
  effectiveDateTime: string;
  valueQuantity?: Quantity;
  valueString?: string;
  interpretation?: CodeableConcept[];
  referenceRange?: { low?: Quantity; high?: Quantity; text?: string }[];
}

export interface MedicationStatement {
  resourceType: 'MedicationStatement';
  id: string;
  status: 'active' | 'completed' | 'stopped';
  medicationCodeableConcept: CodeableConcept;
  subject: Reference;
  effectivePeriod: Period;
  dateAsserted: string;
  dosage: { text: string; patientInstruction?: string }[];
  note?: { text: string }[];
}

export interface Appointment {
  resourceType: 'Appointment';
  id: string;
  identifier?: { value: string }[];
  status: 'pending' | 'booked' | 'fulfilled' | 'cancelled';
  appointmentType?: CodeableConcept;
  specialty?: CodeableConcept[];
  reasonCode?: CodeableConcept[];
  start: string;
  end: string;
  minutesDuration: number;
  comment?: string;
  participant: { actor: Reference; status: 'accepted' | 'needs-action' }[];
}

export interface Encounter {
  resourceType: 'Encounter';
  id: string;
  status: 'planned' | 'in-progress' | 'finished' | 'cancelled';
  class: Coding;
  type: CodeableConcept[];
  subject: Reference;
  participant?: { individual: Reference }[];
  period: Period;
  reasonCode?: CodeableConcept[];
  diagnosis?: { condition: Reference }[];
}

export interface DocumentReference {
  resourceType: 'DocumentReference';
  id: string;
  status: 'current';
  subject: Reference;
  date: string;
  content: { attachment: Attachment }[];
  context?: { related: Reference[] };
}

export type Resource = Patient | DiagnosticReport | Observation | MedicationStatement | Appointment | Encounter | DocumentReference;

export interface Bundle {
  resourceType: 'Bundle';
  type: 'collection';
  timestamp: string;
  entry: { fullUrl: string; resource: Resource }[];
}
