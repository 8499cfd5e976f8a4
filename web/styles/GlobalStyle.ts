import { createGlobalStyle } from 'styled-components';
import { TOAST_VIEWPORT_MAX_WIDTH_PX } from '../../common/constants';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  html { color-scheme: ${({ theme }) => theme.scheme}; }
  body {
    font-family: ${({ theme }) => theme.font};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    -webkit-font-smoothing: antialiased;
    line-height: 1.45;
    /* A word longer than its line (a username, an email, a link someone pasted) breaks rather than widen the page. */
    overflow-wrap: break-word;
  }
  a { color: ${({ theme }) => theme.colors.primary}; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; outline-offset: 2px; }
  /* Toasts are drawn in the theme's colours (the library's light toast is grey #757575 on white, 4.6:1 before any fading). */
  :root {
    --toastify-color-light: ${({ theme }) => theme.colors.surface};
    --toastify-text-color-light: ${({ theme }) => theme.colors.text};
    --toastify-font-family: ${({ theme }) => theme.font};
  }
  /* Toasts sit at the bottom, above the phone's bottom bar, so they never hide a page header's buttons. */
  .Toastify__toast-container { max-width: 100vw; }
  .Toastify__toast-container--bottom-right { bottom: calc(${({ theme }) => theme.layout.bottomNavHeight} + 8px + env(safe-area-inset-bottom)); }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    .Toastify__toast-container { width: ${TOAST_VIEWPORT_MAX_WIDTH_PX}px; max-width: ${TOAST_VIEWPORT_MAX_WIDTH_PX}px; }
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    .Toastify__toast-container--bottom-right { bottom: 16px; }
  }
`;
