import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

type Theme = 'light' | 'dark';

/** One full-page shot as {folder}/{name}-{width}-{theme}.png, with transitions finished (a button's background eases into a new theme's over 120 ms). */
async function shoot(page: Page, folder: string, name: string, colorScheme: Theme): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(folder, `${name}-${width}-${colorScheme}.png`), fullPage: true, animations: 'disabled' });
}

/** With SHOTS_DIR set, one screenshot of a page or an element as {SHOTS_DIR}/{name}.png, for a person to look at. */
export async function keepShot(
  target: { screenshot(options: { path: string; fullPage?: boolean; style?: string }): Promise<unknown> },
  name: string,
  options: { fullPage?: boolean; style?: string } = {},
): Promise<void> {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await target.screenshot({ path: path.join(folder, `${name}.png`), ...options });
}

/** With SHOTS_DIR set, the page in the light and the dark theme at its current width, for a person to look at. */
export async function shootBothThemes(page: Page, name: string): Promise<void> {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await shoot(page, folder, name, colorScheme);
  }
  await page.emulateMedia({ colorScheme: null });
}

/** The page at 390 and 1280 px in light and dark, into {dir}, for a person to look at; back to 390 px, light, after. */
export async function shootWidthsAndThemes(page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  // From the top: a full-page shot draws fixed elements (the hidden skip link) where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  const height = page.viewportSize()!.height;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height });
      await shoot(page, dir, name, colorScheme);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height });
}
