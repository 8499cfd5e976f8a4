import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import type { MedicalReport } from '../../../common/api-types';
import { formatReportDate } from './dates';
import { ReportStatusBadge } from './StatusBadge';
import { ReportTypeIcon } from './ReportTypeIcon';

const Item = styled(Link)`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 4px;
  text-decoration: none;
  color: inherit;
  border-radius: ${({ theme }) => theme.radii.md};
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  strong { display: block; font-size: 0.95rem; overflow-wrap: anywhere; }
  span { display: block; font-size: 0.82rem; color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; }
`;

/** One line of a short report list (dashboard, health summary): icon, title, date and facility, status. */
export function ReportRow({ report }: { report: MedicalReport }) {
  return (
    <Item to={`/reports/${report.id}`} data-testid="report-row">
      <ReportTypeIcon type={report.type} size={36} />
      <Text>
        <strong>{report.title}</strong>
        <span>{[formatReportDate(report.reportDate), report.facility].filter(Boolean).join(' · ')}</span>
      </Text>
      <ReportStatusBadge status={report.status} />
    </Item>
  );
}
