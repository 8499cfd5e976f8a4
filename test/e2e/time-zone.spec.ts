import { test, expect, type Browser, type Page } from '@playwright/test';
import { signUpPatient } from './support/call-parties';

/**
 * The zone the account keeps (reminder times, the dashboard's dates) follows the browser's: a patient on
 * Tokyo time whose account still says UTC has it changed once the dashboard is drawn; a patient whose
 * browser already matches the account sends nothing (the browser compares offsets, never reading its
 * zone's name, which would start Intl's date machinery on every page load).
 */
/** Counts what starts Intl's date machinery: its formatter, and Date's locale formatting that uses it. */
function countDateMachinery() {
  const counted = window as unknown as { dateMachineryStarts: number };
  counted.dateMachineryStarts = 0;
  Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
    construct: (target, args) => (counted.dateMachineryStarts++, Reflect.construct(target, args)),
    apply: (target, self, args) => (counted.dateMachineryStarts++, Reflect.apply(target, self, args)),
  });
  for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'] as const) {
    const original = Date.prototype[name];
    Date.prototype[name] = function (this: Date, ...args: Parameters<typeof original>) {
      counted.dateMachineryStarts++;
      return original.apply(this, args);
    };
  }
}

/**
 * Resolves once the background work the page asked for before now has run, and any request it sent is
 * seen here. The app runs it in an idle callback (web/when-idle.ts) asked for when the patient screens
 * mounted, before the dashboard was drawn; the browser runs idle callbacks in the order asked, and this one,
 * asked later with no deadline, only in an idle period: after the app's. It then sends a marker request, which
 * the test sees after any request the app's callback sent before it.
 */
async function afterBackgroundWork(page: Page): Promise<void> {
  const marker = page.waitForRequest((request) => request.url().endsWith('/api/health?after-background-work'));
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => {
          void fetch('/api/health?after-background-work');
          resolve();
        }),
      ),
  );
  await marker;
}

async function dashboardIn(browser: Browser, timezoneId: string) {
  const context = await browser.newContext({ timezoneId });
  await context.addInitScript(countDateMachinery);
  const page = await context.newPage();
  await signUpPatient(page.request);
  const zoneChanges: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/time-zone')) zoneChanges.push(request.postData() ?? '');
  });
  await page.goto('/dashboard');
  await expect(page.getByText('Your health records at a glance')).toBeVisible();
  return { context, page, zoneChanges };
}

test('a browser on another zone than the account changes the account zone once, after the dashboard is drawn', async ({ browser }) => {
  const { context, page, zoneChanges } = await dashboardIn(browser, 'Asia/Tokyo');
  await expect.poll(async () => (await (await page.request.get('/api/auth/me')).json()).timeZone).toBe('Asia/Tokyo');
  expect(zoneChanges).toEqual([JSON.stringify({ timeZone: 'Asia/Tokyo' })]);
  // Next visit: the account's offsets are now the browser's, and nothing is sent.
  await page.reload();
  await expect(page.getByText('Your health records at a glance')).toBeVisible();
  await afterBackgroundWork(page);
  expect(zoneChanges).toHaveLength(1);
  await context.close();
});

test("a browser on the account zone sends nothing, and the dashboard never starts Intl's date machinery", async ({ browser }) => {
  const { context, page, zoneChanges } = await dashboardIn(browser, 'UTC');
  // Background work waits for the browser to be idle (2 s at most).
  await afterBackgroundWork(page);
  expect(zoneChanges).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { dateMachineryStarts: number }).dateMachineryStarts)).toBe(0);
  await context.close();
});
