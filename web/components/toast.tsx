import { useEffect, useState, type ComponentType } from 'react';
import type { ToastPosition } from 'react-toastify';
import styled from 'styled-components';

/**
 * The toast library is fetched with the first toast, so a page that never toasts (most first visits)
 * goes without it; toasts shown before its container mounts wait in the library's queue.
 */
const toastLibrary = () => import('react-toastify');
let mountHost: (() => void) | null = null;
/** Where new toasts show: bottom right (the container's place), unless the open screen asks for another (useToastPlacement). */
let placement: ToastPosition = 'bottom-right';

/** Rendered once by App: mounts the toast container when the first toast is shown. */
export function ToastOutlet() {
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => {
    mountHost = () => {
      mountHost = null;
      void import('./toast-host').then(({ ToastHost }) => setHost(() => ToastHost));
    };
    return () => {
      mountHost = null;
    };
  }, []);
  return Host ? <Host /> : null;
}

type ToastVariant = 'default' | 'success' | 'destructive';

const Title = styled.div`
  font-weight: 600;
`;
const Description = styled.div`
  font-size: 0.9rem;
`;

const ActionButton = styled.button`
  margin-top: 8px;
  padding: 6px 12px;
  border-radius: 8px;
  border: 1px solid currentColor;
  background: transparent;
  color: inherit;
  font-weight: 600;
  cursor: pointer;
`;

/** A button in the toast that leads on from it (e.g. to /premium). */
interface ToastAction {
  label: string;
  onClick: () => void;
}

/** One toast at a time (spec section 4): a new toast replaces the one on screen. */
let toastCount = 0;

export function showToast(title: string, description?: string, variant: ToastVariant = 'default', action?: ToastAction): void {
  mountHost?.();
  const toastId = `toast-${++toastCount}`;
  const content = (
    <div>
      <Title>{title}</Title>
      {description ? <Description>{description}</Description> : null}
      {action ? (
        <ActionButton
          type="button"
          onClick={() => {
            action.onClick();
            void toastLibrary().then(({ toast }) => toast.dismiss(toastId));
          }}
        >
          {action.label}
        </ActionButton>
      ) : null}
    </div>
  );
  const type = variant === 'destructive' ? 'error' : variant === 'success' ? 'success' : 'default';
  const position = placement;
  void toastLibrary().then(({ toast }) => {
    toast.dismiss();
    toast(content, { toastId, type, role: variant === 'destructive' ? 'alert' : 'status', position });
  });
}

/** While the calling screen is mounted, new toasts show at `position` (a screen whose controls fill the bottom moves them away from there). */
export function useToastPlacement(position: ToastPosition): void {
  useEffect(() => {
    const previous = placement;
    placement = position;
    return () => {
      placement = previous;
    };
  }, [position]);
}
