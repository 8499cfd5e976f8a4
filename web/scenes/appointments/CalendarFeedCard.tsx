import { format } from 'date-fns';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { calendarFeedQuery, useIssueCalendarFeed, useRevokeCalendarFeed } from '../../api/calendar';
import { messageOf } from '../../api/auth';
import { showToast } from '../../components/toast';
import { RECORD_ICONS } from '../../components/records/icons';
import { ICONS } from '../../components/consultations/icons';
import { Badge, Button, Card, CardHeader, CardTitle, Icon, Input, LoadFailed, Muted, Row, Skeleton, Stack } from '../../components/ui';

const Address = styled(Row)`
  & > input { flex: 1; min-width: 0; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.82rem; }
`;

const Actions = styled(Row)`
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    & > * { flex: 1; }
  }
`;

/**
 * The private calendar feed: a secret address a calendar app subscribes to, which shows the patient's
 * appointments and consultations as 'Appointment' and 'Consultation' only. The address is shown once,
 * when it is made; a new one replaces it, and turning the feed off makes it answer nothing.
 */
export function CalendarFeedCard() {
  const { data: feed, isPending, isError, refetch } = useQuery(calendarFeedQuery);
  const issue = useIssueCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const busy = issue.isPending || revoke.isPending;

  const makeAddress = (replacing: boolean) =>
    issue.mutate(undefined, {
      onSuccess: () =>
        showToast(replacing ? 'New calendar address' : 'Calendar feed is on', replacing ? 'The old address no longer works.' : 'Copy the address into your calendar app.', 'success'),
      onError: (error) => showToast('Error', messageOf(error, 'The calendar feed could not be changed. Please try again.'), 'destructive'),
    });
  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: () => showToast('Calendar feed is off', 'Its address no longer shows your appointments.', 'success'),
      onError: (error) => showToast('Error', messageOf(error, 'The calendar feed could not be changed. Please try again.'), 'destructive'),
    });
  const copy = async (url: string) => {
    await navigator.clipboard.writeText(url);
    showToast('Address copied', 'Paste it into your calendar app as a subscription.', 'success');
  };

  return (
    <Card aria-labelledby="calendar-feed-heading" data-testid="calendar-feed">
      <CardHeader>
        <CardTitle id="calendar-feed-heading">Calendar feed</CardTitle>
        {feed ? <Badge $tone={feed.enabled ? 'success' : 'neutral'}>{feed.enabled ? 'On' : 'Off'}</Badge> : null}
      </CardHeader>
      <Stack>
        <Muted>
          See your appointments and consultations in your own calendar app. Events only say "Appointment" or "Consultation", never the reason.
        </Muted>
        {!feed && isError ? (
          <LoadFailed what="calendar feed" onRetry={() => void refetch()} />
        ) : isPending || !feed ? (
          <Skeleton $height="44px" />
        ) : !feed.enabled ? (
          <Button onClick={() => makeAddress(false)} disabled={busy}>
            <Icon path={ICONS.calendar} size={18} />
            {issue.isPending ? 'Turning on...' : 'Turn on calendar feed'}
          </Button>
        ) : (
          <>
            {feed.url ? (
              <Stack $gap="6px">
                <Address $gap="8px">
                  <Input readOnly value={feed.url} aria-label="Calendar feed address" onFocus={(e) => e.currentTarget.select()} />
                  <Button $variant="secondary" onClick={() => void copy(feed.url!)}>
                    <Icon path={RECORD_ICONS.copy} size={16} />
                    Copy
                  </Button>
                </Address>
                <Muted>Keep this address private: anyone who has it can see when your appointments are. It is shown only now.</Muted>
              </Stack>
            ) : (
              <Muted>
                On since {feed.createdAt ? format(new Date(feed.createdAt), 'MMM d, yyyy') : 'earlier'}. The address was shown when you turned it on; make a new one if you need it again.
              </Muted>
            )}
            <Actions $gap="8px" $wrap>
              <Button $variant="secondary" onClick={() => makeAddress(true)} disabled={busy}>
                New address
              </Button>
              <Button $variant="ghost" onClick={turnOff} disabled={busy}>
                Turn off
              </Button>
            </Actions>
          </>
        )}
      </Stack>
    </Card>
  );
}
