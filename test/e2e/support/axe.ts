import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeNode = { target: unknown[]; any: Array<{ data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }> };

/** Where a violation is; for contrast, the colours and their ratio too. */
function describeNode(node: AxeNode): string {
  const contrast = node.any.find((check) => check.data?.contrastRatio)?.data;
  return node.target.join(' ') + (contrast ? ` (${contrast.fgColor} on ${contrast.bgColor}: ${contrast.contrastRatio})` : '');
}

/**
 * Waits for the CSS transitions under way to end: colours ease into a new theme's over 120 ms, and axe
 * reading a button halfway there finds contrast that no person sees (CI did, on a loaded machine).
 * Two animation frames first: the app takes up an emulated colour scheme from the media query's change event,
 * which comes with the next frame, and its new styles start their transitions at the style update after that.
 * Without them a transition not yet started was not waited for (a hovered button read at 16% of the way from
 * the light theme's colour to the dark one's).
 */
async function afterTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await nextFrame();
    await nextFrame();
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((transition) => transition.finished.catch(() => undefined)),
    );
  });
}

const GRADIENT_SET_ASIDE = 'data-axe-gradient-set-aside';

/**
 * Axe cannot tell the contrast of text over a gradient and leaves it undecided (the sign-in screens' hero and
 * its highlight tiles, white at 75% over the dark theme's backdrop, read 1.4:1 unnoticed). A gradient drawn over
 * an opaque colour is set aside while axe runs, so the text on it is checked against that colour; gradients
 * with nothing opaque under them stay undecided. Returns the function that puts them back.
 */
async function setGradientsAside(page: Page): Promise<() => Promise<void>> {
  await page.evaluate((marker) => {
    for (const element of document.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(element);
      // Browsers write an opaque colour as rgb(...), one with any transparency as rgba(...) or color(... / a).
      if (!style.backgroundImage.includes('gradient') || !style.backgroundColor.startsWith('rgb(')) continue;
      element.setAttribute(marker, element.style.getPropertyValue('background-image'));
      element.style.setProperty('background-image', 'none', 'important');
    }
  }, GRADIENT_SET_ASIDE);
  return () =>
    page.evaluate((marker) => {
      for (const element of document.querySelectorAll<HTMLElement>(`[${marker}]`)) {
        element.style.setProperty('background-image', element.getAttribute(marker) ?? '');
        element.removeAttribute(marker);
      }
    }, GRADIENT_SET_ASIDE);
}

/** Serious and critical violations on the page as it stands (or in `within`, a CSS selector), one line each. */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  await afterTransitions(page);
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const restoreGradients = await setGradientsAside(page);
  const { violations } = await (within ? builder.include(within) : builder).analyze().finally(restoreGradients);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map(describeNode).join(', ')}`);
}

/** The same, in the light and then the dark theme (each line names its theme); the page is left following the system again. */
export async function seriousViolationsInBothThemes(page: Page, within?: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    found.push(...(await seriousViolations(page, within)).map((line) => `${colorScheme}: ${line}`));
  }
  await page.emulateMedia({ colorScheme: null });
  return found;
}

/** The same at a phone's and a desktop's width (each line names its width); the page is left at the phone's. */
export async function seriousViolationsAtBothWidths(page: Page, within?: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    found.push(...(await seriousViolationsInBothThemes(page, within)).map((line) => `${width} px ${line}`));
  }
  await page.setViewportSize({ width: 390, height: 844 });
  return found;
}
