import styled from 'styled-components';
import { Badge, Button, LoadFailed, Muted, type BadgeTone } from '../../../components/ui';
import { showToast } from '../../../components/toast';
import { formatShortDate } from '../../../components/records/dates';
import { useRevokeSharedLink, useSharedLinks } from '../../../api/shared-links';
import type { SharedLinkState, SharedLinkSummary } from '../../../../common/api-types';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 12px;
  align-items: center;
  justify-content: space-between;
  padding: 10px 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const About = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const STATES: Record<SharedLinkState, [string, BadgeTone]> = {
  active: ['Active', 'success'],
  expired: ['Expired', 'neutral'],
  locked: ['Locked: too many wrong passcodes', 'danger'],
};

function opened(link: SharedLinkSummary): string {
  if (!link.openCount || !link.lastOpenedAt) return 'Not opened yet';
  const times = link.openCount === 1 ? 'once' : `${link.openCount} times`;
  return `Opened ${times}, last on ${formatShortDate(link.lastOpenedAt)}${link.lastRecipient ? ` by ${link.lastRecipient} (as they said)` : ''}`;
}

/** The links shared and not revoked, each revocable at once. */
export function SharedLinksList() {
  const { data, isPending, isError, refetch } = useSharedLinks();
  const revoke = useRevokeSharedLink();
  const links = data?.links ?? [];
  const revokeLink = (link: SharedLinkSummary) =>
    revoke.mutate(link.id, {
      onSuccess: () => showToast('Link revoked', `"${link.label}" no longer opens.`, 'success'),
      onError: () => showToast('Could not revoke', 'Please try again.', 'destructive'),
    });
  if (!data && isError) return <LoadFailed what="shared links" onRetry={() => void refetch()} />;
  if (!data && isPending) return <Muted>Loading your shared links...</Muted>;
  if (!links.length) return <Muted>You have not shared any links.</Muted>;
  return (
    <List aria-label="Shared links">
      {links.map((link) => {
        const [state, tone] = STATES[link.state];
        return (
          <Item key={link.id}>
            <About>
              <p>
                <strong>{link.label}</strong> <Badge $tone={tone}>{state}</Badge>
                {link.flag.includes('P') ? <Badge $tone="info">Passcode</Badge> : null}
              </p>
              <Muted>
                Expires {formatShortDate(link.expiresAt)}. {opened(link)}.
              </Muted>
            </About>
            <Button type="button" $variant="danger" $size="sm" onClick={() => revokeLink(link)} disabled={revoke.isPending} aria-label={`Revoke ${link.label}`}>
              Revoke
            </Button>
          </Item>
        );
      })}
    </List>
  );
}
