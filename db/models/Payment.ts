import { Model, type RelationMappings } from 'objection';
import { User } from './User';

const PAYMENT_ROW_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'canceled'] as const;
type PaymentRowStatus = (typeof PAYMENT_ROW_STATUSES)[number];

/** One charge a patient is asked for: a premium invoice (stripeInvoiceId) or a consultation fee (consultationId). */
export class Payment extends Model {
  static tableName = 'payments';

  declare id: string;
  declare userId: string;
  declare stripePaymentIntentId: string | null;
  declare stripeInvoiceId: string | null;
  declare stripeSubscriptionId: string | null;
  declare consultationId: string | null;
  /** Cents. */
  declare amount: number;
  declare currency: string;
  declare status: PaymentRowStatus;
  declare description: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare user?: User;

  static relationMappings = (): RelationMappings => ({
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'payments.userId', to: 'users.id' } },
  });
}
