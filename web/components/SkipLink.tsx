import styled from 'styled-components';

export const MAIN_CONTENT_ID = 'main-content';

const Link = styled.a`
  position: fixed;
  top: 8px;
  left: 8px;
  z-index: 100;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primaryDark};
  font-weight: 700;
  transform: translateY(-200%);
  &:focus { transform: none; }
`;

/** The first stop of the keyboard: hidden until focused, it jumps past the navigation to the page's content. */
export function SkipLink() {
  return <Link href={`#${MAIN_CONTENT_ID}`}>Skip to content</Link>;
}
