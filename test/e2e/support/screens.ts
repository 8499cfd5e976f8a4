import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** The page at 390 and 1280 px in light and dark, into {dir}/{name}-{width}-{theme}.png, for a person to look at; back to 390 px, light, after. */
export async function shootWidthsAndThemes(page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  // From the top: a full-page shot draws fixed elements (the hidden skip link) where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  const height = page.viewportSize()!.height;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${dir}/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height });
}
