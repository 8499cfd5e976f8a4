import { useState } from 'react';
import styled from 'styled-components';
import type { MedicalSummary } from '../../../common/api-types';
import type { MedicalSummaryType } from '../../../common/constants';
import { messageOf } from '../../api/auth';
import { useGenerateSummary, useIsPremium } from '../../api/records';
import { PageHeading } from '../../components/PageHeading';
import { RECORD_ICONS } from '../../components/records/icons';
import { SummaryResult } from '../../components/records/SummaryResult';
import { IconTile } from '../../components/records/IconTile';
import { BackLink } from '../../components/records/Layout';
import { showToast } from '../../components/toast';
import { Badge, Button, Card, Icon, LinkButton, Stack } from '../../components/ui';

type Analysis = Exclude<MedicalSummaryType, 'overview'>;

const ANALYSES: Record<Analysis, { title: string; text: string; icon: string | readonly string[] }> = {
  report_analysis: { title: 'Report Analysis', text: 'Statuses, urgent items and results outside their reference range.', icon: RECORD_ICONS.file },
  medication_review: { title: 'Medication Review', text: 'Your schedule, expired prescriptions, duplicates and dose timing.', icon: RECORD_ICONS.pill },
  health_insights: { title: 'Health Insights', text: 'Upcoming visits, follow-ups due and trends across your reports.', icon: RECORD_ICONS.activity },
};

const Choices = styled.div`
  display: grid;
  gap: 10px;
  margin-bottom: 16px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Choice = styled.button`
  display: flex;
  gap: 12px;
  align-items: flex-start;
  text-align: left;
  padding: 14px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 2px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
  cursor: pointer;
  &[aria-pressed='true'] { border-color: ${({ theme }) => theme.colors.primary}; background: ${({ theme }) => theme.colors.primarySoft}; }
  div { flex: 1; min-width: 0; }
  strong { display: flex; align-items: center; justify-content: space-between; gap: 8px; font-size: 0.98rem; }
  p { margin: 4px 0 0; font-size: 0.85rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Generate = styled(Button)`
  width: 100%;
  margin-bottom: 16px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    width: auto;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
  & > * { flex: 1; }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    & > * { flex: none; }
  }
`;

const Premium = styled(Card)`
  background: ${({ theme }) => theme.colors.warningSoft};
  border-color: ${({ theme }) => theme.colors.warning};
  h2 { margin: 0 0 10px; font-size: 1.05rem; display: flex; align-items: center; gap: 8px; }
  ul { margin: 0 0 14px; padding: 0; list-style: none; display: grid; gap: 6px; }
  li { display: flex; gap: 8px; align-items: center; font-size: 0.92rem; }
  li svg { color: ${({ theme }) => theme.colors.warning}; }
`;

const PREMIUM_FEATURES = ['Detailed medication interaction analysis', 'Trend analysis across reports', 'Personalized recommendations', 'PDF export of your summaries'];

export default function AiSummaryPage() {
  const [selected, setSelected] = useState<Analysis>('report_analysis');
  const [result, setResult] = useState<MedicalSummary | null>(null);
  const generate = useGenerateSummary();
  const premium = useIsPremium();

  const run = () =>
    generate.mutate(selected, {
      onSuccess: (summary) => {
        setResult(summary);
        showToast('Analysis Complete', `Your ${ANALYSES[selected].title.toLowerCase()} summary is ready.`, 'success');
      },
      onError: (error) => showToast('Error', messageOf(error, error.message), 'destructive'),
    });

  const copy = async () => {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(`${result.summary}\n\n${result.disclaimer}`);
      showToast('Copied', 'The summary is on your clipboard.');
    } catch {
      showToast('Error', 'Unable to copy the summary.', 'destructive');
    }
  };

  return (
    <>
      <BackLink to="/dashboard" />
      <PageHeading title="AI Medical Summary" subtitle="Plain-language summaries computed from your own records" />
      <Choices role="group" aria-label="Analysis type">
        {(Object.keys(ANALYSES) as Analysis[]).map((key) => (
          <Choice key={key} aria-pressed={selected === key} onClick={() => setSelected(key)} data-testid={`analysis-${key}`}>
            <IconTile icon={ANALYSES[key].icon} size={38} />
            <div>
              <strong>
                {ANALYSES[key].title}
                {selected === key ? <Badge $tone="primary">Active</Badge> : null}
              </strong>
              <p>{ANALYSES[key].text}</p>
            </div>
          </Choice>
        ))}
      </Choices>
      <Generate $size="lg" onClick={run} disabled={generate.isPending}>
        <Icon path={RECORD_ICONS.sparkles} size={20} />
        {generate.isPending ? 'Analyzing Your Data...' : 'Generate AI Summary'}
      </Generate>
      <Stack $gap="16px">
        {result ? (
          <SummaryResult
            title={ANALYSES[result.type as Analysis]?.title ?? 'Summary'}
            summary={result}
            actions={
              <Actions>
                <Button $variant="secondary" onClick={run} disabled={generate.isPending}>
                  <Icon path={RECORD_ICONS.refresh} size={18} />
                  Regenerate Summary
                </Button>
                <Button $variant="secondary" onClick={() => void copy()}>
                  <Icon path={RECORD_ICONS.copy} size={18} />
                  Copy Summary
                </Button>
              </Actions>
            }
          />
        ) : null}
        {premium ? null : (
          <Premium aria-label="Premium AI Features">
            <h2>
              <Icon path={RECORD_ICONS.crown} />
              Premium AI Features
            </h2>
            <ul>
              {PREMIUM_FEATURES.map((f) => (
                <li key={f}>
                  <Icon path={RECORD_ICONS.check} size={16} />
                  {f}
                </li>
              ))}
            </ul>
            <LinkButton to="/premium">Upgrade to Premium</LinkButton>
          </Premium>
        )}
      </Stack>
    </>
  );
}
