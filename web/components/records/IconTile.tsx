import styled from 'styled-components';
import { Icon } from '../ui';

const Tile = styled.span<{ $size: number; $tint?: string; $ink?: string }>`
  flex-shrink: 0;
  display: grid;
  place-items: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ $size }) => Math.round($size * 0.3)}px;
  background: ${({ $tint, theme }) => $tint ?? theme.colors.primarySoft};
  color: ${({ $ink, theme }) => $ink ?? theme.colors.primaryDark};
`;

/** An icon on a soft rounded square; teal unless given a tint and ink colour. */
export function IconTile({ icon, size = 40, tint, ink }: { icon: string | readonly string[]; size?: number; tint?: string; ink?: string }) {
  return (
    <Tile $size={size} $tint={tint} $ink={ink}>
      <Icon path={icon} size={Math.round(size / 2)} />
    </Tile>
  );
}

/** Medications wear pink everywhere. */
export const MEDICATION_TINT = { tint: '#fce7f3', ink: '#9d174d' } as const;
