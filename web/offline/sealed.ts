import { vaultKey } from './vault-key';

/**
 * AES-GCM sealing for everything the vault keeps, with the vault's key (vault-key.ts). Each value is
 * bound to its slot (additional data) so sealed values cannot be swapped between slots.
 */
export interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
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
