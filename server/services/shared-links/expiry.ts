import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { startHourlySweep } from '../../lib/hourly-sweep';

/**
 * Deletes the stored files of links past their expiry, as revoking does (their download addresses go with
 * them); the link rows stay for the patient's list, which shows them expired. Answers how many files went.
 */
export async function removeExpiredLinkFiles(knex: Knex): Promise<number> {
  return knex('shared_link_files')
    .whereIn('link_id', knex('shared_links').where('expires_at', '<=', knex.fn.now()).select('id'))
    .delete();
}

/** Removes expired links' files at start and every hour in a process that runs jobs (RUN_JOBS). */
export function startExpiredLinkFileRemoval(knex: Knex, log: Logger): { stop(): void } {
  const remove = () => removeExpiredLinkFiles(knex).then((removed) => removed && log.info({ removed }, "expired shared links' files removed"));
  return startHourlySweep(remove, 'expired shared link file removal', log);
}
