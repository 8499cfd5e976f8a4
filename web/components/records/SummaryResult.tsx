import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import type { MedicalSummary } from '../../../common/api-types';
import { Badge, Card, Icon } from '../ui';
import { RECORD_ICONS } from './icons';
import { RECORD_PAGES } from './record-pages';

const Box = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 14px;
  border-color: ${({ theme }) => theme.colors.primarySoft};
  header { display: flex; align-items: center; justify-content: space-between; gap: 10px; }
  h2 { margin: 0; font-size: 1.1rem; }
`;

/** The summary as preformatted text; each statement line links to the record it came from. */
const Text = styled.div`
  white-space: pre-wrap;
  font-size: 0.95rem;
  line-height: 1.55;
  padding: 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow-wrap: anywhere;
  .heading { font-weight: 700; margin-top: 10px; }
  .heading:first-child { margin-top: 0; }
  .overview { color: ${({ theme }) => theme.colors.textMuted}; }
  a { color: inherit; text-decoration: none; display: block; padding: 2px 0; }
  a:hover span { text-decoration: underline; }
  a::before { content: '•'; color: ${({ theme }) => theme.colors.primary}; margin-right: 8px; }
`;

const Disclaimer = styled.p`
  margin: 0;
  display: flex;
  gap: 8px;
  font-size: 0.82rem;
  color: ${({ theme }) => theme.colors.textMuted};
  svg { flex-shrink: 0; margin-top: 2px; }
`;

function SummaryText({ summary }: { summary: MedicalSummary }) {
  let next = 0;
  let previousBlank = true;
  const lines = summary.summary.split('\n').map((line, index) => {
    const heading = previousBlank;
    previousBlank = line === '';
    if (line.startsWith('- ')) {
      const statement = summary.statements[next++];
      if (statement) {
        return (
          <Link key={index} to={RECORD_PAGES[statement.recordType](statement.recordId)} data-testid="summary-statement">
            <span>{statement.text}</span>
          </Link>
        );
      }
    }
    if (line === '') return null;
    return (
      <div key={index} className={heading ? 'heading' : 'overview'}>
        {line}
      </div>
    );
  });
  return <Text data-testid="summary-text">{lines}</Text>;
}

/** A generated summary: 'AI Generated', the text, the disclaimer, and the caller's actions. */
export function SummaryResult({ title, summary, actions }: { title: string; summary: MedicalSummary; actions?: React.ReactNode }) {
  return (
    <Box aria-label={title} data-testid="summary-result">
      <header>
        <h2>{title}</h2>
        <Badge $tone="primary">
          <Icon path={RECORD_ICONS.sparkles} size={13} />
          AI Generated
        </Badge>
      </header>
      <SummaryText summary={summary} />
      <Disclaimer>
        <Icon path={RECORD_ICONS.alert} size={16} />
        {summary.disclaimer}
      </Disclaimer>
      {actions}
    </Box>
  );
}
