import { expect, type Page } from '@playwright/test';

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

/** The offline PIN the specs set. */
export const OFFLINE_PIN = 'harbour-7351';

/** Sets this device's offline PIN from Settings (online). */
export async function setOfflinePin(page: Page, pin = OFFLINE_PIN): Promise<void> {
  await page.goto('/settings');
  await page.getByLabel('Offline PIN', { exact: true }).fill(pin);
  await page.getByLabel('Confirm PIN', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Set offline PIN' }).click();
  await expect(page.getByText('An offline PIN is set on this device.')).toBeVisible();
}

/**
 * A page loaded afresh offline: it opens at once while the service worker still holds the vault's key (a
 * reload), else the unlock screen asks for the offline PIN (a cold browser, or a worker stopped since), then
 * shows the page asked for.
 */
export async function unlockOffline(page: Page, pin = OFFLINE_PIN): Promise<void> {
  const locked = page.getByRole('heading', { name: 'Your records are locked' });
  await expect(locked.or(page.getByTestId('offline-status'))).toBeVisible();
  if (await locked.isVisible()) {
    await page.getByLabel('Offline PIN', { exact: true }).fill(pin);
    await page.getByRole('button', { name: 'Unlock' }).click();
  }
  await expect(page).not.toHaveURL(/\/unlock/);
}
