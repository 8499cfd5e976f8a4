import { Model, type RelationMappings } from 'objection';
import { User } from './User';

export class Payment extends Model {
  static tableName = 'payments';

  declare id: string;
  declare userId: string;
  declare stripePaymentIntentId: string | null;
  /** Cents. */
  declare amount: number;
  declare currency: string;
  /** The card provider's payment intent status, or 'pending' until one is known. */
  declare status: string;
  declare description: string | null;
  declare createdAt: Date;

  declare user?: User;

  static relationMappings = (): RelationMappings => ({
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'payments.userId', to: 'users.id' } },
  });
}
