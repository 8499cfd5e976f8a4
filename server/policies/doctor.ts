import { Doctor } from '../../db/models';
import { NotFound } from '../errors';

/** Doctors patients may see and book: verified ones only; available ones first, the grid shows both. */
export function listedDoctors() {
  return Doctor.query().where('isVerified', true).orderBy('isAvailable', 'desc').orderBy('name');
}

/** The admin roster: every doctor, verified or pending. Admin-only routes call this. */
export function rosterDoctors() {
  return Doctor.query().orderBy('createdAt', 'desc');
}

export async function findRosterDoctor(id: string): Promise<Doctor> {
  const doctor = await rosterDoctors().findById(id);
  if (!doctor) throw new NotFound('Doctor not found.');
  return doctor;
}
