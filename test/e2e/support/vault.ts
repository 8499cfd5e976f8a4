import type { Page } from '@playwright/test';

/** The slots of the device's sealed vault ('/api/medical-reports', 'document:/api/documents/{id}/file', ...); none when it holds nothing. */
export function vaultKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('medivault-vault');
        open.onsuccess = () => {
          const db = open.result;
          // Closed at once: an open connection here would hold up the app's own deletion of the vault.
          if (!db.objectStoreNames.contains('records')) {
            db.close();
            return resolve([]);
          }
          const keys = db.transaction('records').objectStore('records').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
        };
        open.onerror = () => resolve([]);
      }),
  );
}
