import { useEffect, type RefObject } from 'react';

const TABBABLE = 'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** The controls Tab reaches inside the container, in order: enabled, shown, not taken out of the tab order. */
function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
}

/** Open traps, innermost last: only the innermost acts (a dialog opened from a dialog). */
const openTraps: Array<RefObject<HTMLElement | null>> = [];
const isInnermost = (container: RefObject<HTMLElement | null>) => openTraps[openTraps.length - 1] === container;

/**
 * While `active`, Tab and Shift+Tab cycle through the container's controls and never leave it (WAI-ARIA
 * modal dialog pattern); focus that lands outside it (a click on the page behind) is brought back in.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const box = container.current;
      if (event.key !== 'Tab' || !box || !isInnermost(container)) return;
      const controls = tabbables(box);
      if (!controls.length) {
        event.preventDefault();
        return;
      }
      const first = controls[0]!;
      const last = controls[controls.length - 1]!;
      const inside = box.contains(document.activeElement);
      if (event.shiftKey && (!inside || document.activeElement === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      const box = container.current;
      if (box && isInnermost(container) && event.target instanceof Node && !box.contains(event.target)) (tabbables(box)[0] ?? box).focus();
    };
    openTraps.push(container);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      openTraps.splice(openTraps.indexOf(container), 1);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [container, active]);
}
