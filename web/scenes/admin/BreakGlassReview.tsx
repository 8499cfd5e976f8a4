import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { adminBreakGlassQuery } from '../../api/admin';
import { messageOf } from '../../api/auth';
import { doctorLabel } from '../../../common/names';
import { formatDateTime } from '../../components/records/dates';
import { Card, CardTitle, EmptyState, Muted, RuledList, Skeleton } from '../../components/ui';

const Entries = styled(RuledList)`
  margin-top: 12px;
  blockquote { margin: 6px 0; }
`;

const Review = styled(Card)`
  margin-top: 16px;
`;

/** Break-glass accesses for the admin to review: who opened whose records outside the access window, and why. */
export function BreakGlassReview() {
  const entries = useQuery(adminBreakGlassQuery);
  return (
    <Review aria-labelledby="break-glass-title">
      <CardTitle id="break-glass-title">Break-glass Access</CardTitle>
      <Muted>Doctors who opened a former patient&apos;s records outside the access window, with the reason they gave.</Muted>
      {entries.isPending ? (
        <Skeleton $height="80px" />
      ) : entries.isError ? (
        <EmptyState title="Failed to fetch break-glass access" message={messageOf(entries.error, 'Please reload the page to try again.')} />
      ) : entries.data.length === 0 ? (
        <EmptyState title="No break-glass access" message="No doctor has opened records outside the access window." />
      ) : (
        <Entries as="ul">
          {entries.data.map((entry) => (
            <li key={entry.id} data-testid="break-glass-entry">
              <strong>
                {doctorLabel(entry.doctorName)} opened the records of {entry.patientName}
              </strong>
              <blockquote>“{entry.reason}”</blockquote>
              <Muted>
                {formatDateTime(entry.createdAt)}, until {formatDateTime(entry.expiresAt)}
              </Muted>
            </li>
          ))}
        </Entries>
      )}
    </Review>
  );
}
