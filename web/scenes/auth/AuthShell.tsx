import styled from 'styled-components';
import { Link } from '@tanstack/react-router';
import { Card, Icon } from '../../components/ui';
import { ICONS } from './icons';

const Page = styled.div`
  min-height: 100vh;
  background:
    radial-gradient(1200px 600px at -10% -10%, ${({ theme }) => theme.colors.primarySoft} 0%, transparent 60%),
    radial-gradient(900px 500px at 110% 0%, ${({ theme }) => theme.colors.accentSoft} 0%, transparent 55%),
    ${({ theme }) => theme.colors.background};
  padding: 24px 16px 40px;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    display: grid;
    place-items: center;
    padding: 48px 32px;
  }
`;

const Layout = styled.div`
  width: 100%;
  max-width: 440px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: 20px;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    max-width: 1040px;
    display: grid;
    grid-template-columns: 1fr 440px;
    align-items: center;
    gap: 64px;
  }
`;

const Hero = styled.header`
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 10px;
  h1 {
    margin: 4px 0 0;
    font-size: 1.9rem;
    line-height: 1.15;
    letter-spacing: -0.02em;
  }
  > p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 1rem;
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    text-align: left;
    align-items: flex-start;
    h1 { font-size: 2.8rem; }
    > p { font-size: 1.15rem; }
  }
`;

export const Brand = styled.span`
  color: ${({ theme }) => theme.colors.primary};
`;

const Column = styled.main`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Mark = styled.div`
  width: 56px;
  height: 56px;
  border-radius: 16px;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.colors.onPrimary};
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.primary}, ${({ theme }) => theme.colors.primaryDark});
  box-shadow: 0 8px 24px rgba(15, 118, 110, 0.3);
`;

/** The product mark: a shield in the brand colour (the same drawing as the app icon). */
export function BrandMark({ icon = ICONS.shieldCheck }: { icon?: string | readonly string[] }) {
  return (
    <Mark aria-hidden="true">
      <Icon path={icon} size={30} />
    </Mark>
  );
}

/** Page frame of the sign-in screens: the hero (brand, heading, promises) beside or above the forms. */
export function AuthShell({ hero, children }: { hero: React.ReactNode; children: React.ReactNode }) {
  return (
    <Page>
      <Layout>
        <Hero>{hero}</Hero>
        <Column>{children}</Column>
      </Layout>
    </Page>
  );
}

const TrustLine = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 6px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.82rem;
  text-align: center;
  > div {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 6px 14px;
  }
  span {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  svg { color: ${({ theme }) => theme.colors.primary}; }
`;

/** The promises under a form, each with its icon. */
export function TrustNote({ items, note }: { items: { icon: string | readonly string[]; label: string }[]; note?: string }) {
  return (
    <TrustLine>
      <div>
        {items.map((item) => (
          <span key={item.label}>
            <Icon path={item.icon} size={16} />
            {item.label}
          </span>
        ))}
      </div>
      {note ? (
        <span>
          <Icon path={ICONS.shieldCheck} size={14} />
          {note}
        </span>
      ) : null}
    </TrustLine>
  );
}

/** The cards of the sign-in screens: a little more room than a dashboard card. */
export const AuthCard = styled(Card)`
  padding: 20px;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    padding: 28px;
  }
`;

/** 'or' between two ways in: a rule with a word in the middle. */
export const Divider = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
  margin: 4px 0;
  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${({ theme }) => theme.colors.border};
  }
`;

/**
 * A form card's heading block: title and one line under it. The title is the page's h1 where the hero beside
 * the card is only the brand mark (forgot and reset password, unlock), an h2 under the hero's h1 otherwise.
 */
export const FormIntro = styled.div`
  margin-bottom: 16px;
  h1, h2 { margin: 0; font-size: 1.25rem; }
  p { margin: 4px 0 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.9rem; }
`;

/** 'Forgot password?' under a sign-in form's password field. */
export const ForgotPasswordLink = styled(Link).attrs({ to: '/forgot-password' })`
  align-self: flex-end;
  display: inline-flex;
  align-items: center;
  min-height: 24px;
  font-size: 0.88rem;
  font-weight: 600;
`;
