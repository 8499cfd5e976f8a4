import { Model } from 'objection';

/** A short-lived, single-use address of a shared file, handed out by a manifest: by the hash of its token. */
export class SharedLinkDownload extends Model {
  static tableName = 'shared_link_downloads';
  static idColumn = 'tokenHash';

  declare tokenHash: string;
  declare fileId: string;
  declare expiresAt: Date;
}
