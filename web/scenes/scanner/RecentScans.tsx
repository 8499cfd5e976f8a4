import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import type { RecentDocument } from '../../../common/api-types';
import { useRecentDocuments } from '../../api/documents';
import { formatReportDate } from '../../components/records/dates';
import { IconTile } from '../../components/records/IconTile';
import { RECORD_ICONS } from '../../components/records/icons';
import { SectionCard } from '../../components/records/SectionCard';
import { Skeleton } from '../../components/ui';

const Item = styled(Link)`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 4px;
  color: inherit;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.md};
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  div { min-width: 0; }
  strong { display: block; font-size: 0.93rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  span { display: block; font-size: 0.82rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.92rem;
`;

const pagesText = (scan: RecentDocument) => (scan.mimeType === 'application/pdf' ? `PDF, ${scan.pages} ${scan.pages === 1 ? 'page' : 'pages'}` : 'Photo');

/** The patient's latest processed documents, each leading to the report it became. */
export function RecentScans() {
  const { items, isPending, failed } = useRecentDocuments();
  return (
    <SectionCard title="Recent Scans" testId="recent-scans">
      {isPending ? <Skeleton $height="56px" /> : null}
      {failed ? <Empty>Your recent scans could not be loaded. {navigator.onLine ? 'Reload the page to try again.' : 'They show again once you are back online.'}</Empty> : null}
      {!isPending && !failed && !items.length ? <Empty>No scans yet. Documents you scan or upload appear here.</Empty> : null}
      {items.map((scan) => (
        <Item key={scan.id} to={scan.reportId ? `/reports/${scan.reportId}` : '/reports'} data-testid="recent-scan">
          <IconTile icon={scan.mimeType === 'application/pdf' ? RECORD_ICONS.file : RECORD_ICONS.camera} size={36} />
          <div>
            <strong>{scan.reportTitle ?? scan.filename}</strong>
            <span>{[formatReportDate(scan.createdAt), pagesText(scan)].join(' · ')}</span>
          </div>
        </Item>
      ))}
    </SectionCard>
  );
}
