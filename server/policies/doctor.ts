import { Doctor } from '../../db/models';
import { NotFound } from '../errors';
import { containsPattern } from '../lib/like-pattern';

/** Doctors patients may see and book: verified and active ones only; available ones first, the grid shows both. */
export function listedDoctors() {
  return Doctor.query().where({ isVerified: true, isActive: true }).orderBy('isAvailable', 'desc').orderBy('name');
}

/**
 * What a roster search looks in: exactly the expression of the trigram index doctors_roster_search_index
 * (migration 20261128110000), so the planner can use it.
 */
const ROSTER_SEARCH_TEXT = `(name || ' ' || email || ' ' || specialty || ' ' || license_number)`;

/** The admin roster: every doctor, verified or pending; with `search`, those whose text contains it. Admin-only routes call this. */
export function rosterDoctors(search?: string) {
  const query = Doctor.query();
  const text = search?.trim();
  if (text) query.whereRaw(`${ROSTER_SEARCH_TEXT} ILIKE ?`, [containsPattern(text)]);
  return query;
}

/** The roster's order: newest first, the id breaking ties so pages never overlap. */
export const ROSTER_ORDER = [
  { column: 'createdAt', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

export async function findRosterDoctor(id: string): Promise<Doctor> {
  const doctor = await rosterDoctors().findById(id);
  if (!doctor) throw new NotFound('Doctor not found.');
  return doctor;
}
