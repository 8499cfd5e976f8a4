import type { Page } from '@playwright/test';

/**
 * Cards (`cards`, a CSS selector) something inside reaches past on the right, by more than a pixel's rounding,
 * one line each; what a scrolling or clipping box inside a card holds is that box's business.
 */
export function spillingOutOfCards(page: Page, cards = '#main-content article'): Promise<string[]> {
  return page.evaluate((selector) => {
    const clippedWithin = (element: Element, card: Element) => {
      for (let box = element.parentElement; box && box !== card; box = box.parentElement) if (getComputedStyle(box).overflowX !== 'visible') return true;
      return false;
    };
    const found: string[] = [];
    for (const card of Array.from(document.querySelectorAll(selector))) {
      const edge = card.getBoundingClientRect().right;
      const spilling = Array.from(card.querySelectorAll('*')).find((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 1 && box.right > edge + 1 && !clippedWithin(element, card);
      });
      if (spilling) {
        const overshoot = Math.round(spilling.getBoundingClientRect().right - edge);
        found.push(`card "${card.getAttribute('aria-label') ?? ''}": <${spilling.tagName.toLowerCase()}> "${(spilling.textContent ?? '').trim().slice(0, 30)}" ends ${overshoot} px past it`);
      }
    }
    return found;
  }, cards);
}

/**
 * Text fields, multi-line boxes and selects inside `within` (a CSS selector) drawn on a background other than the
 * first one's, one line each: a control the app forgot to colour keeps the browser's own (grey in a dark scheme).
 */
export function controlsOffTheme(page: Page, within: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>(
        `${selector} textarea, ${selector} select, ${selector} input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=file]):not([type=hidden])`,
      ),
    ).filter((control) => control.getClientRects().length > 0);
    const background = (control: HTMLElement) => getComputedStyle(control).backgroundColor;
    const first = controls[0] ? background(controls[0]) : '';
    return controls
      .filter((control) => background(control) !== first)
      .map((control) => `<${control.tagName.toLowerCase()}> "${control.id || control.getAttribute('aria-label') || ''}" on ${background(control)}, not ${first} as the first field`);
  }, within);
}
