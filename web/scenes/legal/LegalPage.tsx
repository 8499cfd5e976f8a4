import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { Card } from '../../components/ui';

const Page = styled.main`
  max-width: 760px;
  margin: 0 auto;
  padding: 24px 16px 48px;
  h1 { font-size: 1.8rem; margin: 12px 0 4px; letter-spacing: -0.01em; }
  h2 { font-size: 1.05rem; margin: 0 0 6px; }
  p, li { color: ${({ theme }) => theme.colors.text}; line-height: 1.6; }
  ul { padding-left: 20px; margin: 6px 0 0; }
  section + section { margin-top: 18px; }
`;

const Meta = styled.p`
  margin: 0 0 16px;
  color: ${({ theme }) => theme.colors.textMuted} !important;
  font-size: 0.9rem;
`;

const Nav = styled.nav`
  display: flex;
  gap: 16px;
  font-weight: 600;
  font-size: 0.9rem;
`;

export interface LegalSection {
  heading: string;
  body: React.ReactNode;
}

/** A plain-language policy page: title, date and numbered sections in one readable card. */
export function LegalPage({ title, updated, intro, sections }: { title: string; updated: string; intro: string; sections: LegalSection[] }) {
  return (
    <Page>
      <Nav aria-label="Legal">
        <Link to="/signup">Back to sign-up</Link>
        <Link to="/terms">Terms</Link>
        <Link to="/privacy">Privacy</Link>
      </Nav>
      <h1>{title}</h1>
      <Meta>Last updated {updated}</Meta>
      <Card>
        <p>{intro}</p>
        {sections.map((section, i) => (
          <section key={section.heading}>
            <h2>
              {i + 1}. {section.heading}
            </h2>
            {section.body}
          </section>
        ))}
      </Card>
    </Page>
  );
}
