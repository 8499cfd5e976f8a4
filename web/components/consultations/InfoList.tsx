import styled from 'styled-components';

/** Label / value pairs (a <dl>), stacked on phones and side by side from tablet width. */
export const InfoList = styled.dl`
  display: grid;
  grid-template-columns: 1fr;
  gap: 10px;
  margin: 0;
  div { min-width: 0; }
  dt { font-size: 0.78rem; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 2px 0 0; overflow-wrap: anywhere; white-space: pre-wrap; }
`;

export function Info({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
