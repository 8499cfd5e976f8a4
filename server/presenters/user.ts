import type { User } from '../../db/models';
import type { PublicUser } from '../../common/api-types';
import { iso } from '../lib/dates';
import { isPremium, planAbilities } from '../services/plan';
import { offsetMinutes } from '../services/calendar/vtimezone';
import { zoneFingerprint } from '../../common/time-zone-fingerprint';

const fingerprints = new Map<string, string>();

/** The stored zone's fingerprint for the current year, worked out once per zone and year. */
function fingerprintOf(timeZone: string): string {
  const year = new Date().getUTCFullYear();
  const key = `${year} ${timeZone}`;
  let fingerprint = fingerprints.get(key);
  if (!fingerprint) {
    fingerprint = zoneFingerprint((instant) => offsetMinutes(timeZone, instant.getTime()), year);
    fingerprints.set(key, fingerprint);
  }
  return fingerprint;
}

/** The signed-in user's own account, as /api/auth/me answers it. Never the password hash or Stripe customer id. */
export function presentUser(user: User): PublicUser {
  const contact = user.emergencyContact;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phone: user.phone,
    // Stored as `relationship` (the doctor view's name); the patient's own view uses the sign-up name `relation`.
    emergencyContact: contact ? { name: contact.name, phone: contact.phone, relation: contact.relationship } : null,
    role: user.role,
    biometricEnabled: user.biometricEnabled,
    stripeSubscriptionId: user.stripeSubscriptionId,
    isPremium: isPremium(user),
    abilities: planAbilities(user),
    lastLogin: iso(user.lastLogin),
    createdAt: iso(user.createdAt)!,
    timeZone: user.timeZone,
    timeZoneFingerprint: fingerprintOf(user.timeZone),
    deletionScheduledFor: iso(user.deletionScheduledFor),
  };
}
