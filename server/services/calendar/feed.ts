import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { CalendarFeed } from '../../../db/models';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Turns the patient's feed on, or gives it a new secret (the old link stops working at once). The token
 * is returned this once; only its hash is kept.
 */
export async function issueFeedToken(userId: string, timeZone: string, trx?: Knex.Transaction): Promise<{ token: string; feed: CalendarFeed }> {
  const token = randomBytes(32).toString('base64url');
  const feed = await CalendarFeed.query(trx)
    .insert({ userId, tokenHash: hashOf(token), timeZone })
    .onConflict('userId')
    .merge(['tokenHash', 'timeZone', 'createdAt'])
    .returning('*');
  return { token, feed };
}

export async function revokeFeed(userId: string, trx?: Knex.Transaction): Promise<void> {
  await CalendarFeed.query(trx).where({ userId }).delete();
}

export async function feedOf(userId: string): Promise<CalendarFeed | undefined> {
  return await CalendarFeed.query().findOne({ userId });
}

export async function feedByToken(token: string): Promise<CalendarFeed | undefined> {
  return await CalendarFeed.query().findOne({ tokenHash: hashOf(token) });
}
