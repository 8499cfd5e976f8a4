import { Doctor, User } from '../../db/models';

/**
 * Patients (and admins) and doctors live in separate tables, each with its own unique index on
 * lower(email); one address must still name one person, so each side checks the other before saving.
 * (A patient and a doctor saved with the same address in the same instant could both pass: sign-up
 * and the admin roster are too rare for that to warrant a cross-table lock.)
 */
export async function doctorUsesEmail(email: string): Promise<boolean> {
  return Boolean(await Doctor.query().whereRaw('lower(email) = ?', [email.toLowerCase()]).select('id').first());
}

export async function userUsesEmail(email: string): Promise<boolean> {
  return Boolean(await User.query().whereRaw('lower(email) = ?', [email.toLowerCase()]).select('id').first());
}
