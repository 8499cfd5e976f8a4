import styled from 'styled-components';

const Note = styled.p`
  margin: 4px 0 0;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
  q { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; color: ${({ theme }) => theme.colors.text}; }
`;

/** The line of a scanned document a value was read from, shown under the value so the patient can check it. */
export function SourceNote({ text }: { text?: string }) {
  return text ? (
    <Note data-testid="read-from">
      Read from: <q>{text}</q>
    </Note>
  ) : null;
}
