import { useNavigate } from '@tanstack/react-router';
import styled from 'styled-components';
import type { OwnReport } from '../../../common/api-types';
import { REPORT_TYPE_LABELS } from '../../../common/constants';
import { doctorLabel } from '../../../common/names';
import { Badge, Button, Card, Icon, LinkButton } from '../ui';
import { formatReportDate } from './dates';
import { openDocument, safeDocumentUrl } from './documents';
import { RECORD_ICONS } from './icons';
import { abilitiesOf } from './report-abilities';
import { ReportStatusBadge } from './StatusBadge';
import { ReportTypeIcon } from './ReportTypeIcon';
import { TestResults } from './TestResults';

const Body = styled(Card)<{ $locked: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 12px;
  /* Dimmed (spec) by grey and a muted card rather than by fading, which took its text below readable contrast. */
  ${({ $locked, theme }) => ($locked ? `background: ${theme.colors.surfaceMuted}; border-style: dashed; filter: grayscale(1);` : '')}
`;

const Top = styled.div`
  display: flex;
  gap: 12px;
  align-items: flex-start;
`;

const Heading = styled.div`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
  h2 { margin: 0 0 2px; font-size: 1.02rem; }
  p { margin: 0; font-size: 0.85rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Tags = styled.div`
  display: flex;
  gap: 6px;
  flex-wrap: wrap;
`;

/** Side by side while both fit, one under the other when not: a button's label never wraps nor spills out of the card. */
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: auto;
  & > * { flex: 1 1 auto; }
`;

/** A report in the reports list. One the server says the patient may not open (a premium analysis on the free plan) is dimmed and leads to /premium. */
export function ReportCard({ report }: { report: OwnReport }) {
  const navigate = useNavigate();
  const { canOpen, canDownload } = abilitiesOf(report);
  const locked = !canOpen;
  const documentUrl = canDownload ? safeDocumentUrl(report.documentUrl) : null;
  const download = () => (locked ? void navigate({ to: '/premium' }) : documentUrl && void openDocument(documentUrl));
  return (
    <Body as="article" $locked={locked} aria-label={report.title} data-testid="report-card" data-locked={locked}>
      <Top>
        <ReportTypeIcon type={report.type} />
        <Heading>
          <h2>{report.title}</h2>
          <p>
            {REPORT_TYPE_LABELS[report.type]} · {formatReportDate(report.reportDate)}
          </p>
          {report.doctorName || report.facility ? (
            <p>{[report.doctorName && doctorLabel(report.doctorName), report.facility].filter(Boolean).join(' · ')}</p>
          ) : null}
        </Heading>
        <ReportStatusBadge status={report.status} />
      </Top>
      {report.isOfflineAvailable && !locked ? (
        <Tags>
          <Badge $tone="primary">
            <Icon path={RECORD_ICONS.offline} size={12} />
            Offline Ready
          </Badge>
        </Tags>
      ) : null}
      {locked ? null : <TestResults results={report.results} compact />}
      <Actions>
        {locked ? (
          <Button $variant="secondary" $size="sm" disabled>
            <Icon path={RECORD_ICONS.lock} size={16} />
            Premium Required
          </Button>
        ) : (
          <LinkButton to={`/reports/${report.id}`} $variant="secondary" $size="sm">
            View Details
          </LinkButton>
        )}
        <Button
          $variant="ghost"
          $size="sm"
          onClick={download}
          disabled={!locked && !documentUrl}
          title={locked ? 'Premium Required' : documentUrl ? undefined : 'No document attached'}
        >
          <Icon path={RECORD_ICONS.download} size={16} />
          Download
        </Button>
      </Actions>
    </Body>
  );
}
