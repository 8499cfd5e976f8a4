import { Navigate, useNavigate, useParams } from '@tanstack/react-router';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { REPORT_TYPE_LABELS } from '../../../common/constants';
import { doctorLabel } from '../../../common/names';
import { useReport, useReports } from '../../api/records';
import { ApiError } from '../../api/client';
import { formatLongDate } from '../../components/records/dates';
import { openDocument, safeDocumentUrl, shareReport } from '../../components/records/documents';
import { RECORD_ICONS } from '../../components/records/icons';
import { abilitiesOf } from '../../components/records/report-abilities';
import { ReportStatusBadge } from '../../components/records/StatusBadge';
import { ReportTypeIcon } from '../../components/records/ReportTypeIcon';
import { TestResults } from '../../components/records/TestResults';
import { LabTrends } from '../../components/records/LabTrends';
import { labTrends, resultKeys } from '../../components/records/lab-trends';
import { BackLink, Columns } from '../../components/records/Layout';
import { showToast } from '../../components/toast';
import { isPremiumRequired } from '../../components/premium-required';
import { Button, Card, EmptyState, Icon, LinkButton, LoadFailed, Muted, Skeleton, Stack } from '../../components/ui';
import { DeleteReportCard } from './DeleteReportCard';
import { EditReportDialog } from './EditReportDialog';
import { OfflineAvailability } from './OfflineAvailability';

const Title = styled.header`
  display: flex;
  gap: 14px;
  align-items: flex-start;
  margin-bottom: 16px;
  h1 { margin: 0 0 6px; font-size: 1.4rem; line-height: 1.25; }
  p { margin: 6px 0 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.92rem; }
`;

const TitleText = styled.div`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: center;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Provider = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  div { min-width: 0; overflow-wrap: anywhere; }
  strong { display: block; }
  span { font-size: 0.88rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Avatar = styled.span`
  width: 42px;
  height: 42px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.info};
  flex-shrink: 0;
`;

const DocumentActions = styled.div`
  display: flex;
  gap: 8px;
  margin-top: 14px;
  & > * { flex: 1; }
`;

const Section = styled(Card)`
  h2 { margin: 0 0 12px; font-size: 1.05rem; }
`;

const SummaryText = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
  font-size: 0.98rem;
  line-height: 1.55;
`;

function NotFound() {
  return (
    <Card>
      <EmptyState
        title="Report Not Found"
        message="The report you're looking for doesn't exist."
        action={<LinkButton to="/reports">Back to Reports</LinkButton>}
      />
    </Card>
  );
}

const REPORT_LINK_IS_PRIVATE = 'It opens this report only for you, signed in. For a doctor to read it, make a link they can open.';

export default function ReportDetailPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const { data: report, isPending, error, refetch } = useReport(id);
  const [editing, setEditing] = useState(false);
  const noDocumentId = useId();
  const navigate = useNavigate();
  const { items: reports } = useReports();

  if (isPending && !report) {
    return (
      <Stack>
        <Skeleton $height="80px" />
        <Skeleton $height="240px" />
      </Stack>
    );
  }
  // A report the server says the patient may not open (a premium analysis on the free plan) sends them to /premium
  // (spec section 6): by the list's abilities, or by the server's 402 when it was opened by its address.
  if ((report && !abilitiesOf(report).canOpen) || isPremiumRequired(error)) return <Navigate to="/premium" replace />;
  // Only the server's 404 (or no answer kept on this device for it) means there is no such report; any other failure is said as one.
  if (!report && error instanceof ApiError && error.status !== 404)
    return (
      <Card>
        <LoadFailed what="report" onRetry={() => void refetch()} />
      </Card>
    );
  if (!report) return <NotFound />;

  const documentUrl = abilitiesOf(report).canDownload ? safeDocumentUrl(report.documentUrl) : null;
  const share = async () => {
    const outcome = await shareReport(report).catch(() => 'failed' as const);
    if (outcome === 'failed') return showToast('Error', 'Unable to share this report.', 'destructive');
    if (outcome === 'cancelled') return;
    // The report's own address opens only for its owner: say so, and lead to a link a doctor can open.
    const title = outcome === 'copied' ? 'Link copied' : 'Link shared';
    showToast(title, REPORT_LINK_IS_PRIVATE, 'default', {
      label: 'Share with a doctor',
      onClick: () => void navigate({ to: '/settings', search: { report: report.id } as never, hash: 'share' }),
    });
  };

  return (
    <>
      <BackLink to="/reports" label="Back to Reports" />
      <Title>
        <ReportTypeIcon type={report.type} size={52} />
        <TitleText>
          <h1>{report.title}</h1>
          <Tags>
            <ReportStatusBadge status={report.status} />
            <span>{REPORT_TYPE_LABELS[report.type]}</span>
          </Tags>
          <p>{formatLongDate(report.reportDate)}</p>
        </TitleText>
        <Button $variant="secondary" $size="sm" onClick={() => setEditing(true)}>
          <Icon path={RECORD_ICONS.edit} size={16} />
          Edit
        </Button>
      </Title>
      <EditReportDialog report={report} open={editing} onClose={() => setEditing(false)} />
      <Columns $ratio="2fr 1fr">
        <Stack $gap="14px">
          {report.summary ? (
            <Section>
              <h2>Summary</h2>
              <SummaryText>{report.summary}</SummaryText>
            </Section>
          ) : null}
          <Card>
            <TestResults results={report.results} />
          </Card>
          <LabTrends trends={labTrends(reports, resultKeys(report.results))} />
        </Stack>
        <Stack $gap="14px">
          <Section aria-label="Provider">
            <h2>Provider</h2>
            <Provider>
              <Avatar>
                <Icon path={RECORD_ICONS.stethoscope} />
              </Avatar>
              <div>
                <strong>{report.doctorName ? doctorLabel(report.doctorName) : 'Doctor not recorded'}</strong>
                <span>{report.facility ?? 'Facility not recorded'}</span>
              </div>
            </Provider>
          </Section>
          <Section aria-label="Document">
            <h2>Document</h2>
            <OfflineAvailability report={report} />
            <DocumentActions>
              <Button onClick={() => documentUrl && void openDocument(documentUrl)} disabled={!documentUrl} aria-describedby={documentUrl ? undefined : noDocumentId}>
                <Icon path={RECORD_ICONS.download} size={18} />
                Download
              </Button>
              <Button $variant="secondary" onClick={() => void share()}>
                <Icon path={RECORD_ICONS.share} size={18} />
                Share
              </Button>
            </DocumentActions>
            {documentUrl ? null : (
              <Muted id={noDocumentId} style={{ marginTop: 8 }}>
                No document attached to this report.
              </Muted>
            )}
          </Section>
          <DeleteReportCard report={report} />
        </Stack>
      </Columns>
    </>
  );
}
