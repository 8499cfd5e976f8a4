import type { PremiumSubscription } from '../../common/api-types';
import type { PremiumStatus } from '../services/payments/premium';
import { iso } from '../lib/dates';

export function presentPremiumStatus(status: PremiumStatus | null): PremiumSubscription | null {
  return status && { ...status, currentPeriodEnd: iso(status.currentPeriodEnd) };
}
