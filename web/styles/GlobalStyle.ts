import { createGlobalStyle } from 'styled-components';

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
  }
  a { color: ${({ theme }) => theme.colors.primary}; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; outline-offset: 2px; }
  /* Toasts sit at the bottom, above the phone's bottom bar, so they never hide a page header's buttons. */
  .Toastify__toast-container { max-width: 100vw; }
  .Toastify__toast-container--bottom-right { bottom: calc(${({ theme }) => theme.layout.bottomNavHeight} + 8px + env(safe-area-inset-bottom)); }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    .Toastify__toast-container { width: 420px; max-width: 420px; }
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    .Toastify__toast-container--bottom-right { bottom: 16px; }
  }
`;
