import { Model, type RelationMappings } from 'objection';
import type { PushSubscriptionKeys } from './types';
import { User } from './User';

export class PushSubscription extends Model {
  static tableName = 'push_subscriptions';
  static jsonAttributes = ['keys'];

  declare id: string;
  declare userId: string;
  declare endpoint: string;
  declare keys: PushSubscriptionKeys;
  /** sessionFingerprint of the session that subscribed: signing that session out removes the subscription. */
  declare sessionFingerprint: string | null;
  declare createdAt: Date;

  declare user?: User;

  static relationMappings = (): RelationMappings => ({
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'push_subscriptions.userId', to: 'users.id' } },
  });
}
