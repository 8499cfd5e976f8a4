import type { Knex } from 'knex';
import { Document } from '../../../db/models';
import { PayloadTooLarge } from '../../errors';
import { advisoryXactLock } from '../../lib/advisory-lock';
import type { ReportRoom } from '../plan';

/** How many bytes of originals each plan may keep (STORAGE_QUOTA_FREE_MB, STORAGE_QUOTA_PREMIUM_MB). */
export type StorageQuota = Record<ReportRoom, number>;

const MEGABYTE = 1024 * 1024;
const sizeText = (bytes: number) => (bytes < MEGABYTE ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / MEGABYTE).toFixed(1)} MB`);

function overQuota(used: number, size: number, quota: number, plan: ReportRoom): string {
  const remedy = plan === 'free' ? 'Delete reports you no longer need, or upgrade to Premium for more room, then upload it again.' : 'Delete reports you no longer need, then upload it again.';
  return `This file (${sizeText(size)}) does not fit in your storage: you keep ${sizeText(used)} of documents out of ${sizeText(quota)}. ${remedy}`;
}

/** Bytes of originals the user keeps (each document row records its original's size). */
async function storedBytes(userId: string, trx?: Knex.Transaction): Promise<number> {
  const row = (await Document.query(trx).where({ userId }).sum('byteSize as used').first()) as unknown as { used: string | null } | undefined;
  return Number(row?.used ?? 0);
}

/** An original of `size` bytes that a user on `plan` wants kept. */
interface StorageRequest {
  userId: string;
  size: number;
  quota: StorageQuota;
  plan: ReportRoom;
}

/**
 * Refuses (413, saying how much is kept and what to do) an original that would take the user past their
 * plan's quota. With a transaction it first takes the user's storage lock, so concurrent uploads near the
 * quota take turns and only those that fit are kept; without one it is the early answer, before costly work.
 */
export async function requireStorageRoom({ userId, size, quota, plan }: StorageRequest, trx?: Knex.Transaction): Promise<void> {
  if (trx) await advisoryXactLock(trx, `storage:${userId}`);
  const used = await storedBytes(userId, trx);
  if (used + size > quota[plan]) throw new PayloadTooLarge(overQuota(used, size, quota[plan], plan));
}

/** Keeps an original through `save` only if it fits the quota, checked under the lock: in the caller's transaction, or in one of its own. */
export function storeWithinQuota<T>(request: StorageRequest, save: (trx: Knex.Transaction) => Promise<T>, trx?: Knex.Transaction): Promise<T> {
  const checkedSave = async (transaction: Knex.Transaction) => {
    await requireStorageRoom(request, transaction);
    return save(transaction);
  };
  return trx ? checkedSave(trx) : Document.transaction(checkedSave);
}
