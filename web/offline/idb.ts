/**
 * The device vault's IndexedDB database, shared by the pages and the service worker. Every value in
 * 'records' and 'outbox' is sealed (see sealed.ts); 'keys' holds the vault's key, wrapped (vault-key.ts), and 'meta'
 * holds only bookkeeping (whose vault it is, when it last synced), never health data.
 */
const DB_NAME = 'medivault-vault';
const DB_VERSION = 1;
type StoreName = 'keys' | 'records' | 'outbox' | 'meta';
const STORES: StoreName[] = ['keys', 'records', 'outbox', 'meta'];

let connection: Promise<IDBDatabase> | null = null;

const settle = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

function database(): Promise<IDBDatabase> {
  connection ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => STORES.forEach((store) => request.result.createObjectStore(store));
    request.onsuccess = () => {
      const db = request.result;
      // Another context is deleting the vault (logout): let it, and open afresh next time.
      db.onversionchange = () => {
        db.close();
        connection = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      connection = null;
      reject(request.error);
    };
  });
  return connection;
}

async function inStore<T>(store: StoreName, mode: IDBTransactionMode, act: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return settle(act(db.transaction(store, mode).objectStore(store)));
}

export const idbGet = <T>(store: StoreName, key: string) => inStore(store, 'readonly', (s) => s.get(key)) as Promise<T | undefined>;
export const idbPut = (store: StoreName, key: string, value: unknown) => inStore(store, 'readwrite', (s) => s.put(value, key)).then(() => undefined);
/** Adds only when the key is free; false when something is already there. */
export const idbAdd = (store: StoreName, key: string, value: unknown) =>
  inStore(store, 'readwrite', (s) => s.add(value, key)).then(
    () => true,
    (error: DOMException) => {
      if (error?.name === 'ConstraintError') return false;
      throw error;
    },
  );
export const idbDelete = (store: StoreName, key: string) => inStore(store, 'readwrite', (s) => s.delete(key)).then(() => undefined);
export const idbClear = (store: StoreName) => inStore(store, 'readwrite', (s) => s.clear()).then(() => undefined);
export const idbKeys = (store: StoreName) => inStore(store, 'readonly', (s) => s.getAllKeys()) as Promise<string[]>;

/** Whether this device has a vault at all (browsers without indexedDB.databases() are assumed to). */
export async function vaultExists(): Promise<boolean> {
  if (connection || typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((db) => db.name === DB_NAME);
}

/** Deletes the whole database (logout). Open connections elsewhere close themselves on 'versionchange'. */
export async function deleteDatabase(): Promise<void> {
  const open = connection;
  connection = null;
  if (open) (await open.catch(() => null))?.close();
  await settle(indexedDB.deleteDatabase(DB_NAME));
}
