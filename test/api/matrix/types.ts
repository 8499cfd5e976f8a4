import type { Fixtures } from './fixtures';

/** Who calls every route in the authorization matrix. */
/**
 * `formerDoctor` treated patient A, but that consultation ended 40 days ago: outside the access window.
 * `guest` opened a guest link to patient A's consultation with `doctor` (issue 38): it reaches that call alone.
 */
export const ACTORS = ['anonymous', 'patientA', 'patientB', 'admin', 'doctor', 'otherDoctor', 'formerDoctor', 'guest'] as const;
export type ActorName = (typeof ACTORS)[number];

export type Expectations = Record<ActorName, number>;

/**
 * One route of the authorization matrix. Each area keeps its rows in test/api/matrix/<area>.ts and exports
 * them as `rows`; the matrix test loads every such file and fails for a route that has no row.
 */
export interface MatrixRow {
  /** The route as the router lists it, e.g. 'GET /api/medical-reports/:id'. */
  route: string;
  /** The path to call, built from the fixtures (may create data per actor, e.g. a fresh record to delete). Default: the route's path. */
  path?: (fx: Fixtures, actor: ActorName) => string | Promise<string>;
  body?: (fx: Fixtures, actor: ActorName) => unknown;
  /** The status each actor must get. */
  expect: Expectations;
  /** Signs the actor in afresh for this row: for rows that sign in or out, which would spoil the shared sessions. */
  freshSession?: boolean;
  /**
   * The route's 404 to an actor its policy lets through means there is nothing to show (a demo hint the server
   * does not have, a session handle that is no one's), not a record refused: no `denied` row is written for it.
   */
  notFoundIsNoRefusal?: boolean;
}

/** Expectations built from a default: `statuses(404, { anonymous: 401, patientA: 200 })`. */
export function statuses(otherwise: number, overrides: Partial<Expectations> = {}): Expectations {
  return Object.fromEntries(ACTORS.map((actor) => [actor, overrides[actor] ?? otherwise])) as Expectations;
}

/** A patient-only route about the caller's own data: both patients succeed, visitors 401, everyone else 404. */
export function ownPatientData(ok: number): Expectations {
  return statuses(404, { anonymous: 401, patientA: ok, patientB: ok });
}

/** A route on patient A's record: A succeeds, B (and everyone else signed in) gets 404, visitors 401. */
export function patientAOnly(ok: number): Expectations {
  return statuses(404, { anonymous: 401, patientA: ok });
}
