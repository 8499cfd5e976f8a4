import type { Page } from '@playwright/test';

/**
 * Answers every GET of `path` with a 503 (a server that failed, a network that dropped the answer) until the
 * returned function is called; from then on the server answers again.
 */
export async function failReadsOf(page: Page, path: string): Promise<() => void> {
  let failing = true;
  await page.route(`**${path}`, (route) =>
    failing && route.request().method() === 'GET' ? route.fulfill({ status: 503, json: { message: 'Service unavailable' } }) : route.fallback(),
  );
  return () => {
    failing = false;
  };
}
