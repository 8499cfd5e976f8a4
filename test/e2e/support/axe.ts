import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeNode = { target: unknown[]; any: Array<{ data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }> };

/** Where a violation is; for contrast, the colours and their ratio too. */
function describeNode(node: AxeNode): string {
  const contrast = node.any.find((check) => check.data?.contrastRatio)?.data;
  return node.target.join(' ') + (contrast ? ` (${contrast.fgColor} on ${contrast.bgColor}: ${contrast.contrastRatio})` : '');
}

/** Serious and critical violations on the page as it stands (or in `within`, a CSS selector), one line each. */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map(describeNode).join(', ')}`);
}

/** The same, in the light and then the dark theme (each line names its theme); the page is left following the system again. */
export async function seriousViolationsInBothThemes(page: Page, within?: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // Colours ease into a new theme's over 120 ms.
    await page.waitForTimeout(300);
    found.push(...(await seriousViolations(page, within)).map((line) => `${colorScheme}: ${line}`));
  }
  await page.emulateMedia({ colorScheme: null });
  return found;
}
