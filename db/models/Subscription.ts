import { Model } from 'objection';
import type { PlanId } from '../../common/constants';

/** A Stripe subscription as its last applied event left it (`stateAt`: that event's Stripe time, in seconds). */
export class Subscription extends Model {
  static tableName = 'subscriptions';

  declare id: string;
  declare userId: string;
  declare plan: PlanId;
  /** Stripe's subscription status: incomplete, active, trialing, past_due, canceled, unpaid, incomplete_expired, paused. */
  declare status: string;
  declare currentPeriodEnd: Date | null;
  declare cancelAtPeriodEnd: boolean;
  declare stateAt: number;
  declare createdAt: Date;
  declare updatedAt: Date;
}
