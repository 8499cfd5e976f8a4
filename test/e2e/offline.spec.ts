import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { writeCompressedCopies } from '../../web/build/precompress';
import { OUTBOX_SYNC_TAG } from '../../web/offline/outbox';
import { bookConsultation } from './support/call-parties';
import { runSql } from './support/database';
import { signInFreshPatient } from './support/patients';
import { setOfflinePin, unlockOffline, vaultKeys } from './support/vault';
import { keepShot } from './support/screens';

/**
 * The offline vault in a real Chromium with the built app and its service worker: a signed-in patient's
 * screens open offline (a page loaded afresh, with the offline PIN) from records kept sealed on the device, nothing of them is readable in plaintext
 * in Cache Storage, IndexedDB or localStorage, logout leaves nothing readable, and a change made offline
 * reaches the server once when the connection returns.
 */

/** The worker the e2e server serves (it serves the built app from dist/). */
const SERVED_WORKER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/sw.js');

/** Signs up and signs in a patient with no records; answers its id. */
async function freshPatient(page: Page): Promise<string> {
  return signInFreshPatient(page, { prefix: 'off', firstName: 'Quinn', lastName: 'Offline', password: 'Offline123!' });
}

/** Unique words for this run's records, to look for in the device's storage afterwards. */
function secrets() {
  const tag = randomUUID().slice(0, 8);
  return {
    title: `Thyroid Panel ${tag}`,
    result: `TSH-marker-${tag}`,
    summary: `Summary-marker-${tag}`,
    medication: `Levothyroxine${tag}`,
    symptoms: `Symptoms-marker-${tag}`,
  };
}

/** The app shell is cached and the service worker controls navigations. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/** The vault holds the given answers (sealed). */
async function waitForVault(page: Page, paths: string[]): Promise<void> {
  await expect.poll(() => vaultKeys(page)).toEqual(expect.arrayContaining(paths));
}

/**
 * Everything this origin keeps on the device as text: every Cache Storage entry's body, every IndexedDB
 * value (ArrayBuffers and typed arrays decoded as UTF-8) and localStorage.
 */
function dumpDeviceStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const decoder = new TextDecoder('utf-8', { fatal: false });
    const flatten = (value: unknown): string => {
      if (value instanceof ArrayBuffer) return decoder.decode(new Uint8Array(value));
      if (ArrayBuffer.isView(value)) return decoder.decode(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      if (value instanceof Blob) return '[blob]';
      if (Array.isArray(value)) return value.map(flatten).join('\n');
      if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k}=${flatten(v)}`).join('\n');
      return String(value);
    };
    const parts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) parts.push(request.url, await (await cache.match(request))!.text());
    }
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
        });
        const blobs = await Promise.all(values.flatMap((v) => (v instanceof Blob ? [v.text()] : [])));
        parts.push(`${info.name}/${store}`, flatten(values), ...blobs);
      }
      db.close();
    }
    for (let i = 0; i < localStorage.length; i++) parts.push(localStorage.key(i)!, localStorage.getItem(localStorage.key(i)!) ?? '');
    return parts.join('\n');
  });
}

/** The dump sees plaintext wherever it is: a marker written the way a careless store would write it is found. */
async function expectDumpFindsPlaintext(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const open = indexedDB.open('dump-check');
        open.onupgradeneeded = () => open.result.createObjectStore('s');
        open.onsuccess = () => {
          const tx = open.result.transaction('s', 'readwrite');
          tx.objectStore('s').put({ bytes: new TextEncoder().encode('plain-marker-in-bytes').buffer }, 'k');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
  );
  expect(await dumpDeviceStorage(page)).toContain('plain-marker-in-bytes');
  await page.evaluate(() => new Promise((resolve) => (indexedDB.deleteDatabase('dump-check').onsuccess = resolve)));
}

/** Screenshots at phone and desktop width, each once the layout and any toast have settled. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!process.env.SHOTS_DIR) return;
  const resize = async (width: number) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(500);
  };
  for (const width of [390, 1280]) {
    await resize(width);
    await keepShot(page, `${name}-${width}`);
  }
  await resize(390);
}

/** A page loaded afresh offline: the worker hands it the key, or it opens with the offline PIN. */
async function openOffline(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await unlockOffline(page);
}

async function goOffline(context: BrowserContext, page: Page, path: string): Promise<void> {
  await context.setOffline(true);
  await openOffline(page, path);
}

test.describe('offline vault', () => {
  test('a signed-in patient reads dashboard, reports, a report, medications and consultations offline; nothing is stored in plaintext; logout wipes it', async ({ page, context }) => {
    const patientId = await freshPatient(page);
    const words = secrets();
    const [report] = await runSql<{ id: string }>(
      `insert into medical_reports (user_id, title, type, status, report_date, summary, results, is_offline_available)
       values ($1, $2, 'blood_work', 'normal', now(), $3, jsonb_build_object('thyroidMarker', $4::text), true) returning id`,
      [patientId, words.title, words.summary, words.result],
    );
    const added = await page.request.post('/api/medications', { data: { name: words.medication, dosage: '50mcg', frequency: 'once_daily', reminderTimes: ['08:00'] } });
    expect(added.status(), await added.text()).toBe(201);
    await bookConsultation(page.request, 'video', [2, 2002], words.symptoms);

    await setOfflinePin(page);
    await page.goto('/dashboard');
    await expect(page.getByText(words.title).first()).toBeVisible();
    await waitForServiceWorker(page);
    await waitForVault(page, ['/api/auth/me', '/api/medical-reports', '/api/medications', '/api/appointments', '/api/consultations', '/api/dashboard-summary']);

    await context.setOffline(true);
    await page.reload();
    await unlockOffline(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('offline-status')).toContainText('Offline');
    await expect(page.getByTestId('offline-status')).toContainText('last synced');
    await expect(page.getByText(words.title).first()).toBeVisible();
    await expect(page.getByTestId('stat-reports')).toContainText('1');
    await shoot(page, 'offline-indicator-dashboard');
    // Notifications are not kept on the device: offline, the bell says they could not be loaded, not that there are none.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText('Your notifications could not be loaded.');
    await expect(page.getByText('No notifications')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await openOffline(page, '/reports');
    await expect(page.getByText(words.title).first()).toBeVisible();
    await expect(page.getByTestId('stat-offline')).toContainText('1');

    await openOffline(page, `/reports/${report!.id}`);
    await expect(page.getByRole('heading', { name: words.title })).toBeVisible();
    await expect(page.getByText(words.result)).toBeVisible();
    await expect(page.getByText(words.summary)).toBeVisible();
    await expect(page.getByText('Available offline', { exact: true })).toBeVisible();

    await openOffline(page, '/medications');
    await expect(page.getByRole('article', { name: words.medication })).toBeVisible();

    // Recent scans are not kept on the device: offline the scanner says so, not that there are none.
    await openOffline(page, '/scanner');
    await expect(page.getByTestId('recent-scans')).toContainText('Your recent scans could not be loaded. They show again once you are back online.');
    await expect(page.getByTestId('recent-scans')).not.toContainText('No scans yet');
    // The patient's consultations are kept; the doctors to book are not, and Telemedicine says to wait for the
    // connection, not to try again in a moment.
    await openOffline(page, '/telemedicine');
    await expect(page.getByTestId('consultation-card').filter({ hasText: words.symptoms })).toBeVisible();
    await expect(page.getByText('Failed to fetch doctors')).toBeVisible();
    await expect(page.getByText('You are offline. Try again once you are back online.')).toBeVisible();
    await expect(page.getByText('Please try again in a moment.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('Failed to fetch doctors')).toBeVisible();

    await expectDumpFindsPlaintext(page);
    const dump = await dumpDeviceStorage(page);
    expect(dump).toContain('medivault-vault/records');
    for (const secret of Object.values(words)) expect(dump).not.toContain(secret);

    await context.setOffline(false);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('medivault-vault');
    expect(await dumpDeviceStorage(page)).not.toContain(words.title);

    // Offline after logout: no screen of the account opens, from the shell or anywhere else.
    await context.setOffline(true);
    const reopened = await page.goto(`/reports/${report!.id}`).then(
      () => 'loaded',
      () => 'no page',
    );
    if (reopened === 'loaded') await expect(page.getByText(words.title)).toHaveCount(0);
    for (const secret of Object.values(words)) expect(await dumpDeviceStorage(page).catch(() => '')).not.toContain(secret);
  });

  test("logout wipes the vault and the app's caches by itself, without the server's Clear-Site-Data", async ({ page }) => {
    await freshPatient(page);
    await page.goto('/dashboard');
    await waitForServiceWorker(page);
    await waitForVault(page, ['/api/auth/me', '/api/medications']);
    await page.evaluate(async () => (await caches.open('medivault-check')).put('/kept-check', new Response('kept')));
    // The logout answer reaches the app without its Clear-Site-Data header: what goes, the app wiped.
    const stripped: string[] = [];
    await page.route('**/api/auth/logout', async (route) => {
      const response = await route.fetch();
      const { 'clear-site-data': clearSiteData, ...headers } = response.headers();
      stripped.push(clearSiteData ?? '');
      await route.fulfill({ response, headers });
    });

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(stripped).toEqual(['"cache", "storage"']);
    await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('medivault-vault');
    await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain('medivault-check');
  });

  test('only the server ending the session signs the patient out, and then the kept records go', async ({ page, context }) => {
    const patientId = await freshPatient(page);
    await setOfflinePin(page);
    await page.goto('/dashboard');
    await waitForServiceWorker(page);
    await waitForVault(page, ['/api/auth/me', '/api/medications']);
    await context.setOffline(true);
    await page.reload();
    await unlockOffline(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('offline-status')).toContainText('Offline');

    await context.setOffline(false);
    await runSql('delete from sessions where actor_id = $1', [patientId]);
    await page.goto('/medications');
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const open = indexedDB.open('medivault-vault');
              open.onsuccess = () => {
                const count = open.result.transaction('records').objectStore('records').count();
                count.onsuccess = () => resolve(count.result);
              };
            }),
        ),
      )
      .toBe(0);
  });

  test("a report marked for offline use keeps its document on the device, sealed, and Download opens it offline", async ({ page, context }) => {
    const login = await page.request.post('/api/auth/login', { data: { usernameOrEmail: 'demo', password: 'Demo1234!' } });
    expect(login.status(), await login.text()).toBe(200);
    const reports = (await (await page.request.get('/api/medical-reports')).json()) as Array<{ id: string; title: string; isOfflineAvailable: boolean; documentUrl: string | null; abilities: { canOpen: boolean } }>;
    const marked = reports.filter((r) => r.isOfflineAvailable && r.documentUrl?.startsWith('/api/documents/'));
    expect(marked.length).toBeGreaterThan(0);
    await setOfflinePin(page);
    await page.goto('/reports');
    await waitForServiceWorker(page);
    await waitForVault(page, ['/api/medical-reports', ...marked.map((r) => `document:${r.documentUrl}`)]);

    await goOffline(context, page, `/reports/${marked[0]!.id}`);
    await expect(page.getByRole('heading', { name: marked[0]!.title })).toBeVisible();
    const [opened] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(opened.url()).toMatch(/^blob:http:\/\/localhost/);
    // The PDFs are kept sealed: no PDF header anywhere (the demo titles are words the app's own code holds too).
    expect(await dumpDeviceStorage(page)).not.toContain('%PDF');

    // A report marked now has its document on the device when the toast says so, not at the next sync.
    const unmarked = reports.find((r) => !r.isOfflineAvailable && r.abilities.canOpen && r.documentUrl?.startsWith('/api/documents/'))!;
    await context.setOffline(false);
    try {
      await page.goto(`/reports/${unmarked.id}`);
      await page.getByRole('button', { name: 'Keep offline' }).click();
      await expect(page.locator('.Toastify__toast').filter({ hasText: 'Kept for offline use' })).toContainText('This report and its document are kept on this device, encrypted.');
      await goOffline(context, page, `/reports/${unmarked.id}`);
      const [kept] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Download' }).click()]);
      expect(kept.url()).toMatch(/^blob:http:\/\/localhost/);
    } finally {
      await context.setOffline(false);
      await page.request.patch(`/api/medical-reports/${unmarked.id}`, { data: { isOfflineAvailable: false } });
    }
  });

  test("the patient marks a report for offline use, and 'Offline Ready' counts it", async ({ page }) => {
    const patientId = await freshPatient(page);
    const [report] = await runSql<{ id: string }>(
      `insert into medical_reports (user_id, title, type, status, report_date) values ($1, 'Chest X-Ray', 'x_ray', 'normal', now()) returning id`,
      [patientId],
    );
    await page.goto('/reports');
    await expect(page.getByTestId('stat-offline')).toContainText('0');
    await page.goto(`/reports/${report!.id}`);
    await expect(page.getByText('Not marked for offline')).toBeVisible();
    await page.getByRole('button', { name: 'Keep offline' }).click();
    await expect(page.getByText('Available offline', { exact: true })).toBeVisible();
    // Typed in, with no document: the toast speaks of the report alone.
    await expect(page.getByText('This report is kept on this device, encrypted.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove from offline' })).toHaveAttribute('aria-pressed', 'true');
    expect(await runSql('select 1 from medical_reports where id = $1 and is_offline_available', [report!.id])).toHaveLength(1);
    await page.getByRole('link', { name: 'Back to Reports' }).click();
    await expect(page.getByTestId('stat-offline')).toContainText('1');
  });

  test('a medication added offline waits as "Will sync when online" and reaches the server once after reconnecting', async ({ page, context }) => {
    const patientId = await freshPatient(page);
    const name = secrets().medication;
    await setOfflinePin(page);
    await page.goto('/medications');
    await waitForServiceWorker(page);
    await waitForVault(page, ['/api/medications']);

    await goOffline(context, page, '/medications');
    await page.getByRole('button', { name: 'Add Medication' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Medication' });
    await dialog.getByLabel('Medication Name').fill(name);
    await dialog.getByLabel('Dosage').fill('25mcg');
    await dialog.getByRole('button', { name: 'Add Medication' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.Toastify').getByText('Will sync when online', { exact: true })).toBeVisible();
    const waiting = page.getByRole('list', { name: 'Changes waiting to be sent' });
    await expect(waiting).toContainText(`Add medication ${name}`);
    await expect(waiting).toContainText('Will sync when online');
    await expect(page.getByRole('listitem', { name: `${name} (waiting)` })).toContainText('Will sync when online');
    await shoot(page, 'queued-change-medications');
    // The queued change is sealed too.
    expect(await dumpDeviceStorage(page)).not.toContain(name);
    expect(await runSql('select 1 from medications where user_id = $1', [patientId])).toHaveLength(0);

    await context.setOffline(false);
    await expect(page.getByRole('article', { name })).toBeVisible();
    await expect(page.getByTestId('offline-status')).toBeHidden();
    await expect(page.getByRole('listitem', { name: `${name} (waiting)` })).toHaveCount(0);
    // A reload, which replays the outbox again, and Background Sync, which may: still exactly one. Every replay
    // sends under the outbox's Web Lock, and the reloaded page asks for it on opening, before the list is drawn.
    // The lock granted to this test comes after them: each replay asked before has had its answers.
    await page.reload();
    await expect(page.getByRole('article', { name })).toBeVisible();
    await page.evaluate((lock) => navigator.locks.request(lock, () => undefined), OUTBOX_SYNC_TAG);
    expect(await runSql('select name from medications where user_id = $1', [patientId])).toEqual([{ name }]);
  });

  test("an appointment reminder set offline waits, then is sent", async ({ page, context }) => {
    const patientId = await freshPatient(page);
    const booked = await page.request.post('/api/appointments', {
      data: { doctorName: 'Dr. Lee', specialty: 'Cardiology', facility: 'Heart Centre', appointmentDate: new Date(Date.now() + 5 * 86_400_000).toISOString() },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    await setOfflinePin(page);
    await page.goto('/appointments');
    await waitForServiceWorker(page);
    await waitForVault(page, ['/api/appointments']);

    await goOffline(context, page, '/appointments');
    await page.getByRole('button', { name: 'Set Reminder' }).click();
    await expect(page.getByRole('list', { name: 'Changes waiting to be sent' })).toContainText('Set the reminder for Dr. Lee');
    expect(await runSql('select reminder_sent from appointments where user_id = $1', [patientId])).toEqual([{ reminder_sent: false }]);

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Reminder Set' })).toBeVisible();
    expect(await runSql('select reminder_sent from appointments where user_id = $1', [patientId])).toEqual([{ reminder_sent: true }]);
  });

  test('a queued change the server refuses is said and dropped', async ({ page, context }) => {
    await freshPatient(page);
    const name = secrets().medication;
    const added = await page.request.post('/api/medications', { data: { name, dosage: '10mg', frequency: 'once_daily', reminderTimes: ['08:00'] } });
    const medication = await added.json();
    await page.goto('/medications');
    await waitForServiceWorker(page);
    await waitForVault(page, ['/api/medications']);

    await context.setOffline(true);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Medication' });
    await dialog.getByLabel('Dosage').fill('20mg');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('list', { name: 'Changes waiting to be sent' })).toContainText(`Edit medication ${name}`);
    // Meanwhile the medication changes elsewhere: the queued edit was made to an older version.
    const elsewhere = await page.request.patch(`/api/medications/${medication.id}`, { data: { dosage: '15mg' }, headers: { 'If-Match': `"${medication.version}"` } });
    expect(elsewhere.status(), await elsewhere.text()).toBe(200);

    await context.setOffline(false);
    await expect(page.locator('.Toastify').getByText('Change not saved', { exact: true })).toBeVisible();
    await expect(page.locator('.Toastify')).toContainText(`Edit medication ${name}:`);
    await expect(page.getByRole('list', { name: 'Changes waiting to be sent' })).toBeHidden();
    const stored = await (await page.request.get('/api/medications')).json();
    expect(stored.medications.find((m: { id: string }) => m.id === medication.id).dosage).toBe('15mg');
  });
});

test('a new version found asks whether to refresh, and yes reloads into it', async ({ page }) => {
  await freshPatient(page);
  await page.goto('/dashboard');
  await waitForServiceWorker(page);
  await page.reload();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  const original = await fs.readFile(SERVED_WORKER, 'utf8');
  try {
    // A new deployment: the served worker's bytes change, and with them its compressed copies.
    await fs.writeFile(SERVED_WORKER, `${original}\n// next build`);
    await writeCompressedCopies(SERVED_WORKER);
    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    const question = page.waitForEvent('dialog');
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.update()));
    const dialog = await question;
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toBe('A new version of MediVault is available. Refresh now?');
    await Promise.all([page.waitForEvent('load'), dialog.accept()]);
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(false);
    await expect(page.getByTestId('stat-reports')).toBeVisible();
  } finally {
    await fs.writeFile(SERVED_WORKER, original);
    await writeCompressedCopies(SERVED_WORKER);
  }
});

test.describe('install card', () => {
  test('offers Install where the browser can install, and "Not now" is remembered', async ({ page }) => {
    await freshPatient(page);
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-reports')).toBeVisible();
    await expect(page.getByTestId('install-card')).toHaveCount(0);
    const statsBefore = await page.getByTestId('stat-reports').boundingBox();
    // Chromium fires beforeinstallprompt on its own engagement rules; the test fires one itself.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          (window as unknown as { prompted: boolean }).prompted = true;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
    });
    const card = page.getByTestId('install-card');
    await expect(card).toContainText('Install MediVault');
    // An offer that comes once the screen is drawn moves nothing on it.
    expect(await page.getByTestId('stat-reports').boundingBox()).toEqual(statsBefore);
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'install-card');
    await card.getByRole('button', { name: 'Install' }).click();
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    await expect(card).toHaveCount(0);

    await page.evaluate(() => window.dispatchEvent(Object.assign(new Event('beforeinstallprompt'), { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) })));
    await page.getByTestId('install-card').getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByTestId('install-card')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('stat-reports')).toBeVisible();
    const offerTaken = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) });
          const taken = !window.dispatchEvent(offer);
          // The offer's re-render is flushed before the next frame is drawn: two frames on, a card is on screen or never comes.
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(taken)));
        }),
    );
    expect(offerTaken).toBe(true);
    await expect(page.getByTestId('install-card')).toHaveCount(0);
  });

  test('on iOS shows Share then Add to Home Screen after 2 seconds', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await freshPatient(page);
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-reports')).toBeVisible();
    const card = page.getByTestId('install-card');
    await expect(card).toHaveCount(0);
    await expect(card).toContainText('Share, then Add to Home Screen');
    await expect(card.getByRole('button', { name: 'Install' })).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'install-card-ios');
    await context.close();
  });
});
