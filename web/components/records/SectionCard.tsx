import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { touchTarget } from '../touch-target';
import { Card, CardHeader, CardTitle } from '../ui';

const More = styled(Link)`
  ${touchTarget}
  font-size: 0.88rem;
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
`;

/** A card with a heading and, optionally, a link to the full list ('View all'). */
export function SectionCard({ title, link, linkLabel = 'View all', children, testId }: { title: string; link?: string; linkLabel?: string; children: React.ReactNode; testId?: string }) {
  return (
    <Card aria-label={title} data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {link ? <More to={link}>{linkLabel}</More> : null}
      </CardHeader>
      {children}
    </Card>
  );
}
