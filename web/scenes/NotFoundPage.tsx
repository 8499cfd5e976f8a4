import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { touchTarget } from '../components/touch-target';

const Wrap = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  text-align: center;
  padding: 24px;
`;

const Home = styled(Link)`
  ${touchTarget}
`;

export function NotFoundPage() {
  return (
    <Wrap>
      <div>
        <h1>404 Page Not Found</h1>
        <p>The page you are looking for does not exist.</p>
        <Home to="/">Go home</Home>
      </div>
    </Wrap>
  );
}
