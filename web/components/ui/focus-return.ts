import { useEffect } from 'react';
import { MAIN_CONTENT_ID } from '../SkipLink';

/**
 * While `open`, remembers what had focus when it opened (the control that opened it). When it closes or
 * unmounts and focus was lost with it, focus goes back to that control (WCAG 2.4.3), or to the page's
 * content when the control is gone (a cancelled visit's Cancel button, say). Focus the person has moved
 * on to (a click elsewhere closing a popover) stays where it is. Call it before anything that moves
 * focus into the opened part.
 */
export function useFocusReturn(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement;
    return () => {
      if (document.activeElement && document.activeElement !== document.body) return;
      const target = opener instanceof HTMLElement && opener.isConnected && opener !== document.body ? opener : document.getElementById(MAIN_CONTENT_ID);
      target?.focus();
    };
  }, [open]);
}
