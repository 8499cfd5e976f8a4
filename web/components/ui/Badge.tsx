import styled from 'styled-components';

export type BadgeTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral' | 'primary';

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 0.75rem;
  font-weight: 600;
  white-space: nowrap;
  ${({ $tone = 'neutral', theme }) => {
    const c = theme.colors;
    const tones: Record<BadgeTone, [string, string]> = {
      success: [c.successSoft, c.success],
      warning: [c.warningSoft, c.warning],
      danger: [c.dangerSoft, c.danger],
      info: [c.infoSoft, c.info],
      primary: [c.primarySoft, c.primaryDark],
      neutral: [c.surfaceMuted, c.textMuted],
    };
    const [bg, fg] = tones[$tone];
    return `background: ${bg}; color: ${fg};`;
  }}
`;
