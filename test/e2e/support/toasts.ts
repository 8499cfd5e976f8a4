import type { Page } from '@playwright/test';

/**
 * Keeps the toasts on the page's current document until it navigates: react-toastify closes a toast when its
 * progress bar's animation ends, so a paused bar holds it. A toast's five seconds are less than a busy machine
 * may take over the steps before a test looks at it, and a hover to hold one can miss a toast still sliding in.
 */
export async function holdToasts(page: Page): Promise<void> {
  await page.addStyleTag({ content: '.Toastify__progress-bar { animation-play-state: paused !important; }' });
}
