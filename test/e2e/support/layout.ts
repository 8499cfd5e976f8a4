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
