import { Model } from 'objection';
import type { ActorKind, JsonObject } from './types';

/** A server-side session: the cookie carries only the opaque `id`. */
export class Session extends Model {
  static tableName = 'sessions';
  static jsonAttributes = ['data'];

  declare id: string;
  declare data: JsonObject;
  declare expiresAt: Date;
  /** Who the session belongs to, so all of an account's sessions can be found and revoked. */
  declare actorKind: Exclude<ActorKind, 'anonymous' | 'system'> | null;
  declare actorId: string | null;
  declare createdAt: Date;
}
