import { deleteDatabase, vaultExists, idbClear, idbDelete, idbGet, idbKeys, idbPut } from './idb';
import { openBytes, openJson, sealBytes, sealJson, type Sealed } from './sealed';
import { SHELL_CACHE_PREFIX } from './shell-cache';
import { dropVaultKey, forgetVaultKey } from './vault-key';

/**
 * The patient's records kept on the device, sealed, one slot per API answer ('/api/medical-reports', ...)
 * and one per offline document ('document:/api/documents/{id}/file').
 */
const OWNER = 'owner';
const LAST_SYNCED = 'lastSynced';
const documentSlot = (url: string) => `document:${url}`;

const putRecord = async (path: string, value: unknown) => idbPut('records', path, await sealJson(value, path));

export async function keepRecord(path: string, value: unknown): Promise<void> {
  await putRecord(path, value);
  await idbPut('meta', LAST_SYNCED, Date.now());
}

/** undefined when nothing is kept or it cannot be opened any more (its key was wiped meanwhile). */
export async function readRecord<T>(path: string): Promise<T | undefined> {
  const sealed = await idbGet<Sealed>('records', path);
  return sealed ? openJson<T>(sealed, path).catch(() => undefined) : undefined;
}

export const lastSynced = () => idbGet<number>('meta', LAST_SYNCED);

export async function keepDocument(url: string, blob: Blob): Promise<void> {
  const slot = documentSlot(url);
  await idbPut('records', slot, { type: blob.type, sealed: await sealBytes(await blob.arrayBuffer(), slot) });
}

export async function readDocument(url: string): Promise<Blob | undefined> {
  const slot = documentSlot(url);
  const kept = await idbGet<{ type: string; sealed: Sealed }>('records', slot);
  if (!kept) return undefined;
  const bytes = await openBytes(kept.sealed, slot).catch(() => null);
  return bytes ? new Blob([bytes], { type: kept.type }) : undefined;
}

/** The documents kept now, by URL. */
export const keptDocuments = async () => (await idbKeys('records')).filter((k) => k.startsWith('document:')).map((k) => k.slice('document:'.length));
export const dropDocument = (url: string) => idbDelete('records', documentSlot(url));

/** A deleted report leaves the device too: out of the kept list, and its kept document dropped. */
export async function forgetReport(report: { id: string; documentUrl: string | null }, listPath: string): Promise<void> {
  if (!(await vaultExists())) return;
  const kept = await readRecord<{ id: string }[]>(listPath);
  if (kept?.some((r) => r.id === report.id)) await putRecord(listPath, kept.filter((r) => r.id !== report.id));
  if (report.documentUrl) await dropDocument(report.documentUrl);
}

/**
 * The session is over (the server said 401): its records go; queued changes stay for the same patient's
 * next sign-in. A device that never kept anything is left without a vault.
 */
export async function forgetRecords(): Promise<void> {
  if (!(await vaultExists())) return;
  await idbClear('records');
  await idbDelete('meta', LAST_SYNCED);
}

/**
 * Logout: the whole database (records, queued changes, the key) and every cache but the app shell, which
 * holds only the built app. (The server's Clear-Site-Data answer clears that too.)
 */
export async function wipeDevice(): Promise<void> {
  forgetVaultKey();
  await deleteDatabase();
  if (!('caches' in globalThis)) return;
  const names = (await caches.keys()).filter((name) => !name.startsWith(SHELL_CACHE_PREFIX));
  await Promise.all(names.map((name) => caches.delete(name)));
}

/**
 * A vault belongs to one account: when someone else signs in on this device, everything of the previous
 * account (records, queued changes, its key and offline PIN) goes before anything of theirs is kept.
 */
export async function claimVault(userId: string): Promise<void> {
  const owner = await idbGet<string>('meta', OWNER);
  if (owner === userId) return;
  if (owner) {
    await forgetRecords();
    await idbClear('outbox');
    await dropVaultKey();
  }
  await idbPut('meta', OWNER, userId);
}
