import styled from 'styled-components';
import { Card } from '../ui';

/** A card whose parts stack with even spacing (doctor, roster and consultation cards). */
export const StackedCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

/** The badge moves under the titles, at the far end, when the titles would be too narrow for a word like 'Dermatology' (a 320 px phone). */
const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

const Trailing = styled.div`
  margin-left: auto;
`;

const Titles = styled.div<{ $accent: boolean }>`
  flex: 1 1 110px;
  min-width: 0;
  h3 { margin: 0; font-size: 1.05rem; }
  p {
    margin: 2px 0 0;
    font-size: 0.9rem;
    color: ${({ theme, $accent }) => ($accent ? theme.colors.primary : theme.colors.textMuted)};
    font-weight: ${({ $accent }) => ($accent ? 600 : 400)};
  }
`;

interface Props {
  /** An avatar or an icon tile. */
  leading: React.ReactNode;
  title: React.ReactNode;
  subtitle: React.ReactNode;
  /** A badge at the far end. */
  trailing?: React.ReactNode;
  /** Subtitle in the brand colour (a doctor's specialty) rather than muted. */
  accent?: boolean;
}

export function CardHeading({ leading, title, subtitle, trailing, accent = false }: Props) {
  return (
    <Top>
      {leading}
      <Titles $accent={accent}>
        <h3>{title}</h3>
        <p>{subtitle}</p>
      </Titles>
      {trailing ? <Trailing>{trailing}</Trailing> : null}
    </Top>
  );
}
