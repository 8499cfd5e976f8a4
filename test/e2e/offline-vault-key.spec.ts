import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDecipheriv } from 'node:crypto';
import { chromium, test, expect, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_PATH } from '../support/chromium';
import { signInFreshPatient } from './support/patients';
import { OFFLINE_PIN, setOfflinePin, unlockOffline, vaultKeys } from './support/vault';

/**
 * The offline vault against a copied browser profile: the disk holds the vault's key only wrapped, no
 * 32-byte window of the profile's IndexedDB files opens a sealed value, and offline on a cold browser the
 * patient's offline PIN (and nothing on disk alone) opens the records.
 */

const MEDICATION = 'Levothyroxine-vault-check';

/** A browser with a profile directory of its own, as a patient's real one is. */
async function browserWithProfile(profile: string, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}

/** A profile directory of the test's own, removed after it. */
async function inNewProfile(run: (profile: string) => Promise<void>): Promise<void> {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'medivault-profile-'));
  try {
    await run(profile);
  } finally {
    await fs.rm(profile, { recursive: true, force: true });
  }
}

/** A patient with a medication, its records kept in the vault of this profile. */
async function filledVault(page: Page): Promise<void> {
  await signInFreshPatient(page, { prefix: 'vk', firstName: 'Vera', lastName: 'Keyes', password: 'Offline123!' });
  const added = await page.request.post('/api/medications', { data: { name: MEDICATION, dosage: '50mcg', frequency: 'once_daily', reminderTimes: ['08:00'] } });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto('/medications');
  await expect(page.getByRole('article', { name: MEDICATION })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => vaultKeys(page)).toEqual(expect.arrayContaining(['/api/auth/me', '/api/medications']));
}

interface SealedValue {
  slot: string;
  iv: number[];
  data: number[];
}

/** The sealed medications list, and every value of the vault's 'keys' store as the page reads it. */
function vaultOnDevice(page: Page): Promise<{ sealed: SealedValue; keys: Array<{ slot: string; kind: string; bytes: number }> }> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('medivault-vault');
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['records', 'keys']);
          const record = tx.objectStore('records').get('/api/medications');
          const keyNames = tx.objectStore('keys').getAllKeys();
          const keyValues = tx.objectStore('keys').getAll();
          tx.oncomplete = () => {
            db.close();
            const { iv, data } = record.result as { iv: Uint8Array; data: ArrayBuffer };
            const describe = (value: unknown) =>
              value instanceof CryptoKey
                ? { kind: 'CryptoKey', bytes: 0 }
                : { kind: 'wrapped', bytes: ((value as { byServer?: ArrayBuffer }).byServer?.byteLength ?? 0) };
            resolve({
              sealed: { slot: '/api/medications', iv: [...iv], data: [...new Uint8Array(data)] },
              keys: keyNames.result.map((slot, i) => ({ slot: String(slot), ...describe(keyValues.result[i]) })),
            });
          };
        };
      }),
  );
}

/** The id of the vault key this device stores (wrapped). */
function storedKeyId(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('medivault-vault');
        open.onsuccess = () => {
          const request = open.result.transaction('keys').objectStore('keys').get('wrapped-vault-key');
          request.onsuccess = () => resolve((request.result as { id: string }).id);
        };
      }),
  );
}

/** Whether the service worker answers a reloaded page's request for the key with one. */
function workerHoldsKey(page: Page, id: string): Promise<boolean> {
  return page.evaluate(
    (vaultId) =>
      new Promise<boolean>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data instanceof CryptoKey);
        void navigator.serviceWorker.ready.then((registration) => registration.active!.postMessage({ type: 'VAULT_KEY_REQUEST', id: vaultId }, [channel.port2]));
      }),
    id,
  );
}

/** Every file under the profile's IndexedDB directory (leveldb logs and tables, blobs). */
async function indexedDbFiles(profile: string): Promise<string[]> {
  const root = path.join(profile, 'Default', 'IndexedDB');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** The attack: try every 32-byte window of the files as the AES-256-GCM key of a sealed value. */
function windowThatOpens(bytes: Buffer, sealed: SealedValue): number {
  const data = Buffer.from(sealed.data);
  const tag = data.subarray(data.length - 16);
  const ciphertext = data.subarray(0, data.length - 16);
  for (let at = 0; at + 32 <= bytes.length; at++) {
    const decipher = createDecipheriv('aes-256-gcm', bytes.subarray(at, at + 32), Buffer.from(sealed.iv));
    decipher.setAAD(Buffer.from(sealed.slot));
    decipher.setAuthTag(tag);
    decipher.update(ciphertext);
    try {
      decipher.final();
      return at;
    } catch {
      // Not the key.
    }
  }
  return -1;
}

test.describe('offline vault key', () => {
  test("a first visit starts one vault: the dashboard's records, kept at once, ask for the server's key once", async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => new URL(request.url()).pathname === '/api/auth/vault-key' && asked.push(request.url()));
    await signInFreshPatient(page, { prefix: 'vk1', firstName: 'Una', lastName: 'Keyes', password: 'Offline123!' });
    await page.goto('/dashboard');
    await expect.poll(() => vaultKeys(page)).toEqual(expect.arrayContaining(['/api/auth/me', '/api/dashboard-summary', '/api/medical-reports', '/api/medications', '/api/appointments']));
    expect(asked).toHaveLength(1);
  });

  test('a copied profile holds the vault key only wrapped: no 32-byte window of its IndexedDB files opens the records', async ({ baseURL }) => {
    await inNewProfile(async (profile) => {
      const { context, page } = await browserWithProfile(profile, baseURL!);
      await filledVault(page);
      const { sealed, keys } = await vaultOnDevice(page);
      await context.close();

      const files = await indexedDbFiles(profile);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect({ file: path.basename(file), opensAt: windowThatOpens(await fs.readFile(file), sealed) }).toEqual({ file: path.basename(file), opensAt: -1 });
      // What the disk holds instead: the key wrapped by the server's key (AES-KW: 32 bytes become 40), no CryptoKey.
      expect(keys).toEqual([{ slot: 'wrapped-vault-key', kind: 'wrapped', bytes: 40 }]);
    });
  });

  test('offline on a cold browser, the offline PIN opens the records; a wrong PIN does not', async ({ baseURL }) => {
    await inNewProfile(async (profile) => {
      const first = await browserWithProfile(profile, baseURL!);
      await filledVault(first.page);
      await setOfflinePin(first.page);
      await first.context.close();

      const cold = await browserWithProfile(profile, baseURL!);
      await cold.context.setOffline(true);
      await cold.page.goto('/medications');
      await expect(cold.page).toHaveURL(/\/unlock\?/);
      await expect(cold.page.getByRole('heading', { name: 'Your records are locked' })).toBeVisible();
      await cold.page.getByLabel('Offline PIN', { exact: true }).fill(`${OFFLINE_PIN}-wrong`);
      await cold.page.getByRole('button', { name: 'Unlock' }).click();
      await expect(cold.page.getByText('That PIN is not right. Please try again.')).toBeVisible();
      await unlockOffline(cold.page);
      await expect(cold.page).toHaveURL(/\/medications$/);
      await expect(cold.page.getByTestId('offline-status')).toContainText('Offline');
      await expect(cold.page.getByRole('article', { name: MEDICATION })).toBeVisible();
      await cold.context.close();
    });
  });

  test('offline on a cold browser without an offline PIN, the records wait for the connection', async ({ baseURL }) => {
    await inNewProfile(async (profile) => {
      const first = await browserWithProfile(profile, baseURL!);
      await filledVault(first.page);
      await first.context.close();

      const cold = await browserWithProfile(profile, baseURL!);
      await cold.context.setOffline(true);
      await cold.page.goto('/medications');
      await expect(cold.page).toHaveURL(/\/unlock\?/);
      await expect(cold.page.getByText('this device has no offline PIN')).toBeVisible();
      await expect(cold.page.getByText(MEDICATION)).toHaveCount(0);
      await cold.context.setOffline(false);
      await cold.page.getByRole('button', { name: 'Try again' }).click();
      await expect(cold.page).toHaveURL(/\/medications$/);
      await expect(cold.page.getByRole('article', { name: MEDICATION })).toBeVisible();
      await cold.context.close();
    });
  });

  test('a page reloaded offline gets the key from the service worker that holds it, without the PIN, and only for its own vault', async ({ baseURL }) => {
    await inNewProfile(async (profile) => {
      const { context, page } = await browserWithProfile(profile, baseURL!);
      await filledVault(page);
      await context.setOffline(true);
      await page.reload();
      await expect(page).toHaveURL(/\/medications$/);
      await expect(page.getByTestId('offline-status')).toContainText('Offline');
      await expect(page.getByRole('article', { name: MEDICATION })).toBeVisible();

      await context.setOffline(false);
      expect(await workerHoldsKey(page, await storedKeyId(page))).toBe(true);
      expect(await workerHoldsKey(page, 'another-vault')).toBe(false);
      await context.close();
    });
  });
});
