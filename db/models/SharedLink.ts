import { Model } from 'objection';

/** A SMART Health Link a patient made: found by the hash of its manifest token, which only the link itself holds. */
export class SharedLink extends Model {
  static tableName = 'shared_links';

  declare id: string;
  declare userId: string;
  declare tokenHash: string;
  declare label: string;
  /** The IG's flags, letters in alphabetical order: L long-term, P passcode, U the url is the file. */
  declare flag: string;
  declare passcodeHash: string | null;
  declare failedPasscodes: number;
  declare expiresAt: Date;
  declare revokedAt: Date | null;
  declare openCount: number;
  declare lastOpenedAt: Date | null;
  /** Who the last opener said they were (the manifest request's `recipient`): their word, not verified. */
  declare lastRecipient: string | null;
  declare createdAt: Date;
}
