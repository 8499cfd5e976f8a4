import type { User } from '../../db/models';
import { iso } from './dates';

/** The signed-in user's own account, as /api/auth/me answers it. Never the password hash. */
export function presentUser(user: User) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    emergencyContact: user.emergencyContact,
    role: user.role,
    biometricEnabled: user.biometricEnabled,
    stripeSubscriptionId: user.stripeSubscriptionId,
    isPremium: Boolean(user.stripeSubscriptionId),
    lastLogin: iso(user.lastLogin),
    createdAt: iso(user.createdAt),
  };
}
