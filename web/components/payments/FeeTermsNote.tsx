import styled from 'styled-components';

const Note = styled.p<{ $tone: 'info' | 'warning' }>`
  margin: 0;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => ($tone === 'warning' ? theme.colors.warningSoft : theme.colors.infoSoft)};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.9rem;
  line-height: 1.45;
`;

/** What happens to money on this screen, stated before the patient commits; `warning` when money is kept. */
export function FeeTermsNote({ text, tone = 'info' }: { text: string | null; tone?: 'info' | 'warning' }) {
  if (!text) return null;
  return (
    <Note role="note" $tone={tone} data-testid="fee-terms">
      {text}
    </Note>
  );
}
