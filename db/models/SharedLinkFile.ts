import { Model } from 'objection';

/** A shared file as the patient's browser encrypted it: a compact JWE whose key the server never holds. */
export class SharedLinkFile extends Model {
  static tableName = 'shared_link_files';

  declare id: string;
  declare linkId: string;
  declare contentType: string;
  declare jwe: string;
  declare createdAt: Date;
}
