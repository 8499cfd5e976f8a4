import styled from 'styled-components';

/** A full page on the call's dark background, centred: a spinner, or why there is no call and what to do. */
export const CallPage = styled.main`
  min-height: 100dvh;
  display: grid;
  place-items: center;
  align-content: center;
  gap: 16px;
  padding: 24px;
  text-align: center;
  background: #020617;
  color: #e2e8f0;
  h1 { margin: 0; font-size: 1.3rem; }
  p { margin: 0; color: #94a3b8; max-width: 44ch; }
`;

/** Why there is no call (or no more call), a sentence more, and what the person can do. */
export function CallMessage({ title, detail, children }: { title: string; detail?: string | null; children?: React.ReactNode }) {
  return (
    <CallPage>
      <h1>{title}</h1>
      {detail ? <p>{detail}</p> : null}
      {children}
    </CallPage>
  );
}
