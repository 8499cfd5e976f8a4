import type { Doctor } from '../../db/models';
import { doctorLabel } from '../../common/names';
import { Conflict } from '../errors';

type Standing = Pick<Doctor, 'isVerified' | 'isActive'>;

export const DOCTOR_PENDING = 'This doctor account is awaiting verification by an administrator. You can sign in once it is verified.';
export const DOCTOR_DEACTIVATED = 'This doctor account has been deactivated. Please contact your MediVault administrator.';

/** Why a doctor who gave the right password may not sign in, or null when they may. */
export function doctorSignInRefusal(doctor: Standing): string | null {
  if (!doctor.isActive) return DOCTOR_DEACTIVATED;
  if (!doctor.isVerified) return DOCTOR_PENDING;
  return null;
}

/** Only a verified, active doctor acts as a doctor; any session of another is worth nothing. */
export function doctorInGoodStanding(doctor: Standing): boolean {
  return doctorSignInRefusal(doctor) === null;
}

/** Refuses (409) what cannot be done to a consultation whose doctor the clinic has since withdrawn, saying what can. */
export function assertDoctorStillPractising(doctor: Standing & Pick<Doctor, 'name'>, refused: string): void {
  if (doctorInGoodStanding(doctor)) return;
  throw new Conflict(`${doctorLabel(doctor.name)} can no longer take this consultation, so ${refused}. Cancel it and book another doctor.`);
}
