import styled from 'styled-components';

const Intro = styled.div`
  h2 { margin: 0 0 4px; font-size: 1.25rem; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export function FormIntroText({ title, text }: { title: string; text: string }) {
  return (
    <Intro>
      <h2>{title}</h2>
      <p>{text}</p>
    </Intro>
  );
}
