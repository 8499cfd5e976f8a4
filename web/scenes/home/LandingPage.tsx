import { Link } from '@tanstack/react-router';
import styled from 'styled-components';

const Hero = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 32px 20px;
  text-align: center;
  background: linear-gradient(160deg, ${({ theme }) => theme.colors.primarySoft}, ${({ theme }) => theme.colors.background} 60%);
  h1 {
    font-size: 2.2rem;
    margin: 0 0 8px;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    max-width: 460px;
    margin: 0 auto 24px;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 12px;
  justify-content: center;
  flex-wrap: wrap;
  a {
    padding: 12px 22px;
    border-radius: ${({ theme }) => theme.radii.pill};
    font-weight: 600;
    text-decoration: none;
  }
  a.primary {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  a.secondary {
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export function LandingPage() {
  return (
    <Hero>
      <div>
        <h1>MediVault</h1>
        <p>Your medical records, medications and appointments in one secure vault, with doctors a video call away.</p>
        <Actions>
          <Link className="primary" to="/login">
            Sign In
          </Link>
          <Link className="secondary" to="/signup">
            Sign Up
          </Link>
          <Link className="secondary" to="/doctor/login">
            Healthcare Provider?
          </Link>
        </Actions>
      </div>
    </Hero>
  );
}
