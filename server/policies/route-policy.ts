import type { Actor, ActorKind } from './actor';

/**
 * The rule a route applies before its handler runs: which kinds of actor may call it at all.
 * Record-level reach (whose report, whose consultation) is decided by each resource's policy module,
 * whose scoped queries make anything out of reach answer 404.
 */
export interface RoutePolicy {
  readonly name: string;
  /** Kinds allowed through. */
  readonly allow: readonly ActorKind[];
  /**
   * What an actor of another kind gets: 403 (admin area: everyone else, visitors included) or 404 (as if the
   * route did not exist for them; visitors get 401 so the app can ask them to sign in).
   */
  readonly otherwise: 403 | 404;
}

function routePolicy(name: string, allow: readonly ActorKind[], otherwise: 403 | 404 = 404): RoutePolicy {
  return { name, allow, otherwise };
}

export function allows(policy: RoutePolicy, actor: Actor): boolean {
  return policy.allow.includes(actor.kind);
}

/** What needs no account: a guest may still sign in, sign out or ask about the server. */
export const publicAccess = routePolicy('public', ['anonymous', 'patient', 'admin', 'doctor', 'guest']);
/** Patients' own health data. Admins are users too but hold no health records of their own here. */
export const patientOnly = routePolicy('patient', ['patient']);
export const signedInUser = routePolicy('signed-in user', ['patient', 'admin']);
export const anySignedIn = routePolicy('signed in', ['patient', 'admin', 'doctor']);
export const doctorOnly = routePolicy('doctor', ['doctor']);
/** A patient's own things that their treating doctors may read too (a report's original document). */
export const patientOrDoctor = routePolicy('patient or doctor', ['patient', 'doctor']);
/** A guest's own session: the one consultation their link opened (issue 38). Guests reach no other route but public ones. */
export const guestOnly = routePolicy('guest', ['guest']);
export const adminOnly = routePolicy('admin', ['admin'], 403);
