import { idbAdd, idbGet } from './idb';

/**
 * AES-GCM sealing for everything the vault keeps. The key is generated on the device as non-extractable
 * (no script, ours included, can read its bytes) and stored as a CryptoKey object in IndexedDB; deleting
 * the database destroys it. Each value is bound to its slot (additional data) so sealed values cannot be
 * swapped between slots.
 */
export interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

const KEY_SLOT = 'vault-key';

/** Read afresh each time: another tab's logout may have deleted the key since. */
async function vaultKey(): Promise<CryptoKey> {
  const existing = await idbGet<CryptoKey>('keys', KEY_SLOT);
  if (existing) return existing;
  const created = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  // Two contexts (a page and the service worker) may race here: the first key stored wins.
  if (await idbAdd('keys', KEY_SLOT, created)) return created;
  return (await idbGet<CryptoKey>('keys', KEY_SLOT))!;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function sealBytes(bytes: BufferSource, slot: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(slot) }, await vaultKey(), bytes);
  return { iv, data };
}

export async function openBytes(sealed: Sealed, slot: string): Promise<ArrayBuffer> {
  return crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv, additionalData: encoder.encode(slot) }, await vaultKey(), sealed.data);
}

export const sealJson = (value: unknown, slot: string) => sealBytes(encoder.encode(JSON.stringify(value)), slot);
export const openJson = async <T>(sealed: Sealed, slot: string): Promise<T> => JSON.parse(decoder.decode(await openBytes(sealed, slot))) as T;
