import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { Icon, Input, LinkButton } from '../ui';
import { RECORD_ICONS } from './icons';

/** A row of three stat cards, side by side even on phones. */
export const StatRow = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 10px;
  margin-bottom: 16px;
  strong { font-size: 1.25rem; white-space: nowrap; }
  @media (max-width: 399px) {
    gap: 8px;
  }
`;

/** One column on phones; two from laptop width, split by `$ratio` ('3fr 2fr'). */
export const Columns = styled.div<{ $ratio?: string }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: ${({ $ratio = '1fr 1fr' }) =>
      $ratio
        .split(' ')
        .map((part) => `minmax(0, ${part})`)
        .join(' ')};
    align-items: start;
  }
`;

const Back = styled(LinkButton)`
  margin: 0 0 8px -8px;
`;

export function BackLink({ to, label = 'Back' }: { to: string; label?: string }) {
  return (
    <Back to={to} $variant="ghost" $size="sm">
      <Icon path={RECORD_ICONS.arrowLeft} size={18} />
      {label}
    </Back>
  );
}

const SearchField = styled.label`
  position: relative;
  flex: 1;
  svg { position: absolute; left: 12px; top: 50%; transform: translateY(-50%); color: ${({ theme }) => theme.colors.textMuted}; }
  input { padding-left: 40px; }
`;

/** A search input with its magnifier. */
export function SearchInput({ value, onChange, placeholder, label }: { value: string; onChange: (value: string) => void; placeholder: string; label: string }) {
  return (
    <SearchField>
      <Icon path={RECORD_ICONS.search} size={18} />
      <Input type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} aria-label={label} />
    </SearchField>
  );
}

/** Tiles: two across on phones, `$columns` across from laptop width. */
export const TileGrid = styled.div<{ $columns?: number }>`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: repeat(${({ $columns = 4 }) => $columns}, minmax(0, 1fr));
  }
`;

/** A tile that leads somewhere: a bordered card lifting on hover. */
export const TileLink = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 14px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
  text-decoration: none;
  transition: box-shadow 120ms ease, transform 120ms ease;
  &:hover { box-shadow: ${({ theme }) => theme.shadow.card}; transform: translateY(-1px); }
`;
