import type { Knex } from 'knex';
import { SharedLink, SharedLinkDownload, SharedLinkFile } from '../../../db/models';
import { SHARED_LINK_DOWNLOAD_SECONDS } from '../../../common/constants';
import { linkTokenHash, newLinkToken } from './tokens';
import { isOpenable } from './links';

/** A file's address for one download within SHARED_LINK_DOWNLOAD_SECONDS (the IG allows at most an hour); stale ones are cleared as new ones are made. */
export async function issueDownload(knex: Knex, fileId: string): Promise<string> {
  const token = newLinkToken();
  await SharedLinkDownload.query(knex).where('expiresAt', '<', new Date()).delete();
  await SharedLinkDownload.query(knex).insert({ tokenHash: linkTokenHash(token), fileId, expiresAt: new Date(Date.now() + SHARED_LINK_DOWNLOAD_SECONDS * 1000) });
  return token;
}

/** The file behind a download address, used up by this call; none when the address expired, was used, or its link no longer opens. */
export async function takeDownload(trx: Knex.Transaction, token: string): Promise<{ file: SharedLinkFile; link: SharedLink } | undefined> {
  const [taken] = await SharedLinkDownload.query(trx).where({ tokenHash: linkTokenHash(token) }).where('expiresAt', '>', new Date()).delete().returning('fileId');
  if (!taken) return undefined;
  const file = await SharedLinkFile.query(trx).findById(taken.fileId);
  const link = file && (await SharedLink.query(trx).findById(file.linkId));
  return file && link && isOpenable(link) ? { file, link } : undefined;
}
