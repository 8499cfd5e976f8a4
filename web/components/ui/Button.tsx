import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import styled, { css } from 'styled-components';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
  $block?: boolean;
}

const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid transparent;
  font-weight: 600;
  cursor: pointer;
  text-decoration: none;
  white-space: nowrap;
  transition: background 120ms ease, box-shadow 120ms ease, opacity 120ms ease;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  padding: ${({ $size }) => ($size === 'sm' ? '6px 12px' : $size === 'lg' ? '14px 22px' : '10px 16px')};
  font-size: ${({ $size }) => ($size === 'sm' ? '0.85rem' : $size === 'lg' ? '1.05rem' : '0.95rem')};
  ${({ $variant = 'primary', theme }) => {
    switch ($variant) {
      case 'secondary':
        return css`
          background: ${theme.colors.surface};
          color: ${theme.colors.text};
          border-color: ${theme.colors.border};
          &:hover:not(:disabled) { background: ${theme.colors.surfaceMuted}; }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.colors.primary};
          &:hover:not(:disabled) { background: ${theme.colors.primarySoft}; }
        `;
      case 'danger':
        return css`
          background: ${theme.colors.danger};
          color: ${theme.colors.onPrimary};
          &:hover:not(:disabled) { opacity: 0.92; }
        `;
      default:
        return css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
          &:hover:not(:disabled) { background: ${theme.colors.primaryDark}; }
        `;
    }
  }}
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const Button = styled.button.attrs<ButtonStyleProps>((props) => ({ type: props.type ?? 'button' }))<ButtonStyleProps>`
  ${buttonStyles}
`;

/** A form's submit button that is disabled, and says what is happening, while its request is under way. */
export function SubmitButton({ pending, pendingLabel, children }: { pending: boolean; pendingLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" disabled={pending}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** A plain link that looks like a button: a file to download, which the router must not handle. */
export const AnchorButton = styled.a<ButtonStyleProps>`
  ${buttonStyles}
`;

/** A router link that looks like a button. */
export const LinkButton = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

const iconButtonStyles = css`
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  position: relative;
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  svg { width: 20px; height: 20px; }
`;

export const IconButton = styled.button.attrs({ type: 'button' })`
  ${iconButtonStyles}
`;

/** A round icon that goes somewhere (a link), looking like IconButton. */
export const IconLink = styled(Link)`
  ${iconButtonStyles}
`;
