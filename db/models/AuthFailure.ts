import { Model } from 'objection';
import type { AuthFailureScope } from './types';

/** One failed sign-in, counted per account and per IP over a sliding window to throttle guessing. */
export class AuthFailure extends Model {
  static tableName = 'auth_failures';

  declare id: string;
  declare scope: AuthFailureScope;
  /** The normalised account identifier (scope 'account') or the client IP (scope 'ip'). */
  declare key: string;
  declare createdAt: Date;
}
