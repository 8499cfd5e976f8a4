import os from 'node:os';
import type { BrowserContext } from '@playwright/test';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { framesWithinASecond, loudestRemoteSound } from './call-parties';

/** Debian's Firefox ESR: Playwright's own Firefox build cannot be fetched here, so puppeteer-core drives it over WebDriver BiDi. */
const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Headless Firefox with a fake camera and microphone (a test pattern and a tone) that asks no permission. */
function launchFirefoxOnce(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    timeout: 60_000,
    // The test's own AudioContext (listening to the other side) starts with no click, as Chromium's does here,
    // on Firefox's mock audio backend: headless on a machine with no sound device, a real one never starts.
    extraPrefsFirefox: { 'media.navigator.streams.fake': true, 'media.navigator.permission.disabled': true, 'media.autoplay.default': 0, 'media.autoplay.block-webaudio': false, 'media.cubeb.force_mock_context': true },
  });
}

/**
 * Firefox usually starts in about 3 s, but once in CI (a busy host) it announced no BiDi endpoint within 30 s;
 * puppeteer kills such a launch, so a second one starts afresh.
 */
export async function launchFirefox(): Promise<Browser> {
  try {
    return await launchFirefoxOnce();
  } catch (err) {
    console.warn(`Firefox did not start (${(err as Error).message}); starting it again`);
    return launchFirefoxOnce();
  }
}

/**
 * An address of this machine other than loopback, for an SFU that Firefox must reach: Firefox gathers no
 * loopback ICE candidates, so media to an SFU announcing 127.0.0.1 never flows.
 */
export function nonLoopbackAddress(): string {
  const address = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
  if (!address) throw new Error('Firefox reaches an SFU only at a non-loopback address, and this machine has no IPv4 one');
  return address;
}

/** The Playwright context's session cookies for `baseUrl`, given to Firefox: the same person signed in there. */
export async function carrySession(from: BrowserContext, baseUrl: string, to: Browser): Promise<void> {
  const cookies = await from.cookies(baseUrl);
  await to.setCookie(
    ...cookies.map(({ name, value, domain, path, httpOnly, secure, sameSite, expires }) => ({ name, value, domain, path, httpOnly, secure, sameSite, ...(expires > 0 ? { expires } : {}) })),
  );
}

/** Runs `read` on the element in the page until it answers more than `floor`; fails naming `what` after `timeout`. */
async function pollElement(page: Page, testId: string, read: (element: Element) => Promise<number>, floor: number, what: string, timeout = 20_000): Promise<void> {
  const until = Date.now() + timeout;
  const element = page.locator(`[data-testid="${testId}"]`);
  while ((await (await element.waitHandle()).evaluate(read)) <= floor) {
    if (Date.now() > until) throw new Error(`${testId} in Firefox: no ${what} within ${timeout / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The element's video shows five new frames within a second. */
export const expectFirefoxVideoAdvancing = (page: Page, testId: string) => pollElement(page, testId, framesWithinASecond, 4, 'video advancing');

/** The other side's sound is heard (see expectHearing). */
export const expectFirefoxHearing = (page: Page, testId = 'remote-video') => pollElement(page, testId, loudestRemoteSound, 0.01, 'sound');

/**
 * Waits until the page shows `text` (anywhere in its visible text) or, with `gone`, no longer does; fails
 * with what the page showed instead (puppeteer has no trace to read it from).
 */
export async function expectFirefoxText(page: Page, text: string, { gone = false, timeout = 15_000 } = {}): Promise<void> {
  try {
    await page.waitForFunction((wanted, absent) => document.body.innerText.includes(wanted) !== absent, { timeout, polling: 200 }, text, gone);
  } catch (err) {
    const shown = await page.evaluate(() => document.body.innerText).catch(() => '(the page could not be read)');
    throw new Error(`Firefox: '${text}' ${gone ? 'still shown' : 'not shown'} after ${timeout / 1000} s; the page showed: ${shown.replace(/\s+/g, ' ').slice(0, 400)}`, { cause: err });
  }
}
