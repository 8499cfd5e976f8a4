import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** With SHOTS_DIR set, the page in the light and the dark theme, as {name}-{width}-{theme}.png there, for a person to look at. */
export async function shootBothThemes(page: Page, name: string): Promise<void> {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // Transitions finished: a button's background eases into the new theme's over 120 ms.
    await page.screenshot({ path: path.join(folder, `${name}-${width}-${colorScheme}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: null });
}
