import { Model, type Pojo, type RelationMappings } from 'objection';
import { User } from './User';

/** A passkey registered by a patient (biometric sign-in). */
export class WebauthnCredential extends Model {
  static tableName = 'webauthn_credentials';
  static jsonAttributes = ['transports'];

  declare id: string;
  declare userId: string;
  /** base64url. */
  declare credentialId: string;
  /** base64url COSE public key. */
  declare publicKey: string;
  /** Signature counter (bigint column, read back as a number). */
  declare counter: number;
  declare transports: string[] | null;
  declare deviceName: string | null;
  declare createdAt: Date;
  declare lastUsedAt: Date | null;

  declare user?: User;

  static relationMappings = (): RelationMappings => ({
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'webauthn_credentials.userId', to: 'users.id' } },
  });

  $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    // pg returns bigint as a string; signature counters fit comfortably in a double.
    if (typeof parsed.counter === 'string') parsed.counter = Number(parsed.counter);
    return parsed;
  }
}
