import styled from 'styled-components';
import type { ConnectionQuality } from '../../call/connection-quality';

const LOOK: Record<ConnectionQuality, { label: string; bars: number; color: string }> = {
  good: { label: 'Good', bars: 3, color: '#22c55e' },
  fair: { label: 'Fair', bars: 2, color: '#f59e0b' },
  poor: { label: 'Poor', bars: 1, color: '#ef4444' },
};

const Indicator = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 4px 10px;
  border-radius: 999px;
  background: rgba(255, 255, 255, 0.14);
  font-size: 0.8rem;
  font-weight: 600;
  span { display: none; }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    span { display: inline; }
  }
`;

/** Signal bars (and, on wider screens, a word) for how the call's media link is doing. */
export function ConnectionQualityIndicator({ quality }: { quality: ConnectionQuality | null }) {
  if (!quality) return null;
  const { label, bars, color } = LOOK[quality];
  return (
    <Indicator role="img" aria-label={`Connection quality: ${label}`} title={`Connection quality: ${label}`} data-testid="connection-quality">
      <svg width="16" height="14" viewBox="0 0 16 14" aria-hidden>
        {[0, 1, 2].map((bar) => (
          <rect key={bar} x={bar * 6} y={8 - bar * 4} width="4" height={6 + bar * 4} rx="1" fill={bar < bars ? color : 'rgba(255,255,255,0.3)'} />
        ))}
      </svg>
      <span aria-hidden>{label}</span>
    </Indicator>
  );
}
