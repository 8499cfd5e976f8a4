import type { Doctor } from '../../db/models';

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
