import styled from 'styled-components';

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadow.card};
  padding: 16px;
`;

export const CardHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 12px;
`;

export const CardTitle = styled.h2`
  font-size: 1.05rem;
  margin: 0;
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0;
  font-size: 0.9rem;
`;

/** Responsive grid: one column on phones, `min` wide tracks on larger screens. */
export const Grid = styled.div<{ $min?: string; $gap?: string }>`
  display: grid;
  gap: ${({ $gap }) => $gap ?? '12px'};
  /* One column as wide as the container when the container is narrower than a column's minimum (a 320 px phone). */
  grid-template-columns: repeat(auto-fill, minmax(min(${({ $min }) => $min ?? '260px'}, 100%), 1fr));
`;

export const Stack = styled.div<{ $gap?: string }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $gap }) => $gap ?? '12px'};
`;

export const Row = styled.div<{ $gap?: string; $justify?: string; $wrap?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ $gap }) => $gap ?? '8px'};
  justify-content: ${({ $justify }) => $justify ?? 'flex-start'};
  flex-wrap: ${({ $wrap }) => ($wrap ? 'wrap' : 'nowrap')};
`;
