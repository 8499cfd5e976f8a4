import styled from 'styled-components';
import { nameInitials } from '../../../common/names';

const Circle = styled.span<{ $size: number }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.primary}, ${({ theme }) => theme.colors.accent});
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  font-size: ${({ $size }) => Math.round($size * 0.38)}px;
  letter-spacing: 0.02em;
`;

/** A person's initials on a coloured disc (no photos are stored). */
export function Avatar({ name, size = 48 }: { name: string; size?: number }) {
  return (
    <Circle $size={size} aria-hidden="true">
      {nameInitials(name)}
    </Circle>
  );
}
