import { Unauthenticated } from '../errors';

/** Who is making a request, as established from the session. Identity never comes from a request body. */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'patient'; userId: string; name: string }
  | { kind: 'admin'; userId: string; name: string }
  | { kind: 'doctor'; doctorId: string; name: string };

export type ActorKind = Actor['kind'];
export type PatientActor = Extract<Actor, { kind: 'patient' }>;
export type DoctorActor = Extract<Actor, { kind: 'doctor' }>;
export type AdminActor = Extract<Actor, { kind: 'admin' }>;
export type UserActor = PatientActor | AdminActor;

export const ANONYMOUS: Actor = { kind: 'anonymous' };

export function actorId(actor: Actor): string | null {
  if (actor.kind === 'doctor') return actor.doctorId;
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

/** The route policy admitted only patients and doctors (patientOrDoctor); narrows the type for the scoped queries. */
export function asPatientOrDoctor(actor: Actor): PatientActor | DoctorActor {
  if (actor.kind !== 'patient' && actor.kind !== 'doctor') throw new Unauthenticated();
  return actor;
}
