import { Link } from '@tanstack/react-router';
import styled from 'styled-components';

const Wrap = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  text-align: center;
  padding: 24px;
`;

export function NotFoundPage() {
  return (
    <Wrap>
      <div>
        <h1>404 Page Not Found</h1>
        <p>The page you are looking for does not exist.</p>
        <Link to="/">Go home</Link>
      </div>
    </Wrap>
  );
}
