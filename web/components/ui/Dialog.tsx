import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useFocusReturn } from './focus-return';
import { useFocusTrap } from './focus-trap';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(15, 23, 42, 0.45);
  display: flex;
  align-items: flex-end;
  justify-content: center;
  z-index: 50;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    align-items: center;
  }
`;

const Panel = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  width: 100%;
  max-width: 520px;
  max-height: 92vh;
  overflow-y: auto;
  border-radius: ${({ theme }) => theme.radii.lg} ${({ theme }) => theme.radii.lg} 0 0;
  padding: 20px;
  box-shadow: ${({ theme }) => theme.shadow.raised};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    border-radius: ${({ theme }) => theme.radii.lg};
  }
  h2 { margin: 0 0 4px; font-size: 1.2rem; }
`;

const Description = styled.p`
  margin: 0 0 16px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface DialogProps {
  open: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  children: React.ReactNode;
}

/** Modal dialog: focus moves in and Tab keeps it there, Escape or the backdrop closes it, and focus goes back to its opener. */
export function Dialog({ open, title, description, onClose, children }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The trap lets go before focus is sent back to the opener, outside it.
  useFocusTrap(panel, open);
  useFocusReturn(open);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    panel.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return createPortal(
    <Backdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <Panel ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId}>{title}</h2>
        {description ? <Description>{description}</Description> : null}
        {children}
      </Panel>
    </Backdrop>,
    document.body,
  );
}
