import type { OfflineVaultKey } from '../../common/api-types';
import { apiRequest } from '../api/client';
import { base64UrlBytes } from '../base64url';
import { idbAdd, idbClear, idbDelete, idbGet, idbPut } from './idb';

/**
 * The vault's AES-GCM key. The device stores it only wrapped (AES-KW): by a key the server hands a
 * signed-in session (GET /api/auth/vault-key) and, once the patient sets an offline PIN, also by a key
 * derived from that PIN (PBKDF2-SHA256). Unwrapped, it lives only in memory, non-extractable, in each
 * page and the service worker: a copied browser profile holds no key that opens the vault.
 */
interface StoredVaultKey {
  /** Which key this is: a context's unwrapped key is used only while the stored one is the same. */
  id: string;
  byServer: ArrayBuffer;
  byPin?: { wrapped: ArrayBuffer; salt: Uint8Array<ArrayBuffer>; iterations: number };
}

const KEY_SLOT = 'wrapped-vault-key';
/** Earlier versions stored the CryptoKey itself here, which Chromium writes to disk in clear. */
const CLEAR_KEY_SLOT = 'vault-key';
/** OWASP's figure for PBKDF2-HMAC-SHA256 (2023). */
const PIN_ITERATIONS = 600_000;

/** The vault is there but this context cannot open it now: offline, and not unlocked with the PIN. */
class VaultLocked extends Error {
  constructor() {
    super('The offline vault is locked');
  }
}

let unlocked: { id: string; key: Promise<CryptoKey> } | null = null;

const storedKey = () => idbGet<StoredVaultKey>('keys', KEY_SLOT);

async function serverWrappingKey(): Promise<CryptoKey> {
  const { key } = await apiRequest<OfflineVaultKey>('/api/auth/vault-key');
  return crypto.subtle.importKey('raw', base64UrlBytes(key), 'AES-KW', false, ['wrapKey', 'unwrapKey']);
}

async function pinWrappingKey(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', salt, iterations, hash: 'SHA-256' }, material, { name: 'AES-KW', length: 256 }, false, ['wrapKey', 'unwrapKey']);
}

const unwrap = (wrapped: ArrayBuffer, by: CryptoKey, extractable = false) =>
  crypto.subtle.unwrapKey('raw', wrapped, by, 'AES-KW', { name: 'AES-GCM', length: 256 }, extractable, ['encrypt', 'decrypt']);

/** A key that is not there, or that no longer unwraps with the server's key (a new SESSION_SECRET): a new vault. */
async function startVault(stale?: StoredVaultKey): Promise<CryptoKey> {
  const byServer = await serverWrappingKey();
  if (stale) {
    await idbDelete('keys', KEY_SLOT);
    await idbClear('records');
  }
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const stored: StoredVaultKey = { id: crypto.randomUUID(), byServer: await crypto.subtle.wrapKey('raw', fresh, byServer, 'AES-KW') };
  // A page and the service worker may race here: the first key stored wins.
  if (!(await idbAdd('keys', KEY_SLOT, stored))) return vaultKey();
  await idbDelete('keys', CLEAR_KEY_SLOT);
  return remember(stored.id, unwrap(stored.byServer, byServer));
}

function remember(id: string, key: Promise<CryptoKey>): Promise<CryptoKey> {
  unlocked = { id, key };
  key.then(
    (opened) => shareWithWorker({ type: VAULT_KEY_MESSAGE, id, key: opened }),
    () => {
      if (unlocked?.key === key) unlocked = null;
    },
  );
  return key;
}

/*
 * A page reloaded offline holds no key, and the server's cannot be fetched: the service worker, which
 * outlives the page, keeps the unwrapped key in its memory and hands it to the page that asks (a
 * CryptoKey crosses postMessage still non-extractable). A browser started afresh has no worker holding
 * it: the PIN then, as before.
 */
const VAULT_KEY_MESSAGE = 'VAULT_KEY';
const VAULT_KEY_REQUEST = 'VAULT_KEY_REQUEST';
const VAULT_KEY_FORGET = 'VAULT_KEY_FORGET';
/** A worker that is not running answers once started; one that never answers (none there) is not waited for long. */
const WORKER_ANSWER_MS = 1000;

type VaultKeyMessage = { type: typeof VAULT_KEY_MESSAGE; id: string; key: CryptoKey } | { type: typeof VAULT_KEY_REQUEST; id: string } | { type: typeof VAULT_KEY_FORGET };

const inPage = () => typeof window !== 'undefined' && 'serviceWorker' in navigator;

/** The active worker, also before it controls this page (the first visit). */
const activeWorker = async () => (inPage() ? (navigator.serviceWorker.controller ?? (await navigator.serviceWorker.getRegistration())?.active ?? null) : null);

function shareWithWorker(message: VaultKeyMessage): void {
  // Once a worker is active: on a first visit it may still be installing when the vault opens.
  if (inPage()) void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

async function keyFromWorker(id: string): Promise<CryptoKey | null> {
  const worker = await activeWorker();
  if (!worker) return null;
  const channel = new MessageChannel();
  const answer = new Promise<CryptoKey | null>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<CryptoKey | null>) => resolve(event.data);
    setTimeout(() => resolve(null), WORKER_ANSWER_MS);
  });
  worker.postMessage({ type: VAULT_KEY_REQUEST, id } satisfies VaultKeyMessage, [channel.port2]);
  const key = await answer;
  channel.port1.close();
  return key;
}

/** The service worker's side: keeps the key a page unlocked, gives it to a page of the same vault, forgets it at logout. True when the message was one of these. */
export function answerVaultKeyMessage(data: unknown, replyTo: MessagePort | undefined): boolean {
  const message = data as VaultKeyMessage | null;
  if (message?.type === VAULT_KEY_MESSAGE) {
    if (unlocked?.id !== message.id) unlocked = { id: message.id, key: Promise.resolve(message.key) };
  } else if (message?.type === VAULT_KEY_REQUEST) {
    const held = unlocked?.id === message.id ? unlocked.key : Promise.resolve(null);
    void held.catch(() => null).then((key) => replyTo?.postMessage(key));
  } else if (message?.type === VAULT_KEY_FORGET) {
    unlocked = null;
  } else return false;
  return true;
}

async function unlockWithServer(stored: StoredVaultKey): Promise<CryptoKey> {
  let byServer: CryptoKey;
  try {
    byServer = await serverWrappingKey();
  } catch {
    const held = await keyFromWorker(stored.id);
    if (held) return held;
    throw new VaultLocked();
  }
  return unwrap(stored.byServer, byServer).catch(() => startVault(stored));
}

/** A vault being started here: the page's first reads, made at once, share it (one key asked for, one made). */
let starting: Promise<CryptoKey> | null = null;

/** Read afresh each time: another tab's logout may have deleted the key since. */
export async function vaultKey(): Promise<CryptoKey> {
  const stored = await storedKey();
  if (!stored) {
    starting ??= startVault().finally(() => (starting = null));
    return starting;
  }
  if (unlocked?.id === stored.id) return unlocked.key;
  return remember(stored.id, unlockWithServer(stored));
}

/** A page load asks for the server's key alongside its session check, so the kept answers wait for no extra round trip. */
export async function unlockVaultEarly(): Promise<void> {
  if (await storedKey()) await vaultKey().catch(() => undefined);
}

/** Offline: opens the vault with the patient's offline PIN. False for a wrong PIN (AES-KW's integrity check fails). */
export async function unlockWithPin(pin: string): Promise<boolean> {
  const stored = await storedKey();
  if (!stored?.byPin) return false;
  const { wrapped, salt, iterations } = stored.byPin;
  const key = await pinWrappingKey(pin, salt, iterations).then((byPin) => unwrap(wrapped, byPin)).catch(() => null);
  if (key) remember(stored.id, Promise.resolve(key));
  return Boolean(key);
}

/** Sets (or changes) this device's offline PIN. Online only: the key is unwrapped with the server's key to be wrapped again. */
export async function setOfflinePin(pin: string): Promise<void> {
  await vaultKey();
  const stored = (await storedKey())!;
  const key = await unwrap(stored.byServer, await serverWrappingKey(), true);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const wrapped = await crypto.subtle.wrapKey('raw', key, await pinWrappingKey(pin, salt, PIN_ITERATIONS), 'AES-KW');
  await idbPut('keys', KEY_SLOT, { ...stored, byPin: { wrapped, salt, iterations: PIN_ITERATIONS } } satisfies StoredVaultKey);
}

export async function removeOfflinePin(): Promise<void> {
  const stored = await storedKey();
  if (stored?.byPin) await idbPut('keys', KEY_SLOT, { id: stored.id, byServer: stored.byServer } satisfies StoredVaultKey);
}

export const hasOfflinePin = async () => Boolean((await storedKey())?.byPin);

/** The device keeps a vault this context cannot open by itself offline: it needs the server's key, or the PIN. */
export async function vaultLockedHere(): Promise<boolean> {
  const stored = await storedKey();
  if (!stored) return false;
  if (unlocked?.id !== stored.id) {
    const held = await keyFromWorker(stored.id);
    if (!held) return true;
    remember(stored.id, Promise.resolve(held));
    return false;
  }
  return unlocked.key.then(
    () => false,
    () => true,
  );
}

/** The vault's key is gone from this context's memory too (logout, another account). */
export async function dropVaultKey(): Promise<void> {
  forgetVaultKey();
  await idbDelete('keys', KEY_SLOT);
}

export function forgetVaultKey(): void {
  unlocked = null;
  shareWithWorker({ type: VAULT_KEY_FORGET });
}
