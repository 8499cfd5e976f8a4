import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { POST_CALL_REDIRECT_MS } from '../../../common/constants';
import { useCallClient } from '../../call/CallContext';
import { showToast, useToastPlacement } from '../../components/toast';
import { callEndedMessage } from './call-ended';

/**
 * A doctor's call window that one of the app's pages opened (Start Consultation, Join on a queue row) closes,
 * back onto that page, which stayed open and follows the consultation live; answers whether it did.
 */
function backToOpener(): boolean {
  const opener = window.opener as Window | null;
  try {
    // Only a page of this app: reading another origin's location throws.
    if (!opener || opener.closed || opener.location.origin !== window.location.origin) return false;
  } catch {
    return false;
  }
  opener.focus();
  window.close();
  // A browser may refuse to close the window: then it goes to `exitTo` as any other.
  return window.closed;
}

/**
 * Toasts the call's moments, from the device check on (a refused camera is told there), and leaves
 * for `exitTo` (or closes back onto the page that opened it) once the call has ended. Who joined or left is shown by PresenceNotice instead. The
 * call's toasts show at the top: its controls, the chat's Send and the doctor's guests fill the bottom.
 */
export function useCallToasts(exitTo: string): void {
  const client = useCallClient();
  const navigate = useNavigate();
  useToastPlacement('top-center');
  useEffect(
    () =>
      client.onNotice((notice) => {
        switch (notice.kind) {
          case 'call-started':
            return showToast('Call Started', 'You are now connected to the consultation', 'success');
          case 'call-ended':
            showToast('Call Ended', callEndedMessage(notice.reason));
            setTimeout(() => (client.getSnapshot().role === 'doctor' && backToOpener() ? undefined : void navigate({ to: exitTo })), POST_CALL_REDIRECT_MS);
            return;
          case 'presence':
            return;
          case 'media-error':
            return showToast('Media Access Error', 'Unable to access camera or microphone', 'destructive');
          case 'device-error':
            return showToast('Device Unavailable', 'Could not switch to the selected device', 'destructive');
          case 'screen-error':
            return showToast('Screen Share Error', notice.message, 'destructive');
          case 'request-failed':
            return showToast('Error', notice.message, 'destructive');
        }
      }),
    [client, navigate, exitTo],
  );
}
