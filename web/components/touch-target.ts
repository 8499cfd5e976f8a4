import { css } from 'styled-components';

/** A text link a thumb can hit: at least 44 px tall (WCAG 2.5.8 asks 24 px; phones want 44). */
export const touchTarget = css`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
`;
