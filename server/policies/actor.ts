import { Unauthenticated } from '../errors';

/** Who is making a request, as established from the session. Identity never comes from a request body. */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'patient'; userId: string; name: string }
  | { kind: 'admin'; userId: string; name: string }
  | { kind: 'doctor'; doctorId: string; name: string }
  /** Someone who opened a consultation's guest link: reaches that one consultation's call and nothing else. */
  | { kind: 'guest'; guestId: string; consultationId: string; name: string };

export type ActorKind = Actor['kind'];
export type PatientActor = Extract<Actor, { kind: 'patient' }>;
export type DoctorActor = Extract<Actor, { kind: 'doctor' }>;
type AdminActor = Extract<Actor, { kind: 'admin' }>;
export type GuestActor = Extract<Actor, { kind: 'guest' }>;
export type UserActor = PatientActor | AdminActor;
/** Someone signed in to an account of their own (a guest has none). */
export type AccountActor = UserActor | DoctorActor;

export function isAccountHolder(actor: Actor): actor is AccountActor {
  return actor.kind === 'patient' || actor.kind === 'admin' || actor.kind === 'doctor';
}

export const ANONYMOUS: Actor = { kind: 'anonymous' };

export function actorId(actor: Actor): string | null {
  if (actor.kind === 'doctor') return actor.doctorId;
  if (actor.kind === 'guest') return actor.guestId;
  if (actor.kind === 'anonymous') return null;
  return actor.userId;
}

/** The route policy already admitted only patients; this narrows the type for the scoped queries. */
export function asPatient(actor: Actor): PatientActor {
  if (actor.kind !== 'patient') throw new Unauthenticated();
  return actor;
}

export function asDoctor(actor: Actor): DoctorActor {
  if (actor.kind !== 'doctor') throw new Unauthenticated();
  return actor;
}

export function asGuest(actor: Actor): GuestActor {
  if (actor.kind !== 'guest') throw new Unauthenticated();
  return actor;
}

/** The route policy admitted only patients and doctors (patientOrDoctor); narrows the type for the scoped queries. */
export function asPatientOrDoctor(actor: Actor): PatientActor | DoctorActor {
  if (actor.kind !== 'patient' && actor.kind !== 'doctor') throw new Unauthenticated();
  return actor;
}
