import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { format, isToday, isYesterday } from 'date-fns';
import styled from 'styled-components';
import { PageHeading } from '../../components/PageHeading';
import { Badge, Button, Card, CardHeader, CardTitle, EmptyState, Icon, LinkButton, Muted, Skeleton, Stack, Tabs } from '../../components/ui';
import { accessHistoryQuery, type AccessHistoryScope } from '../../api/access-history';
import type { AccessHistoryEntry } from '../../../common/api-types';
import { ICONS } from '../auth/icons';
import { BiometricCard } from './BiometricCard';

const ACTOR_ICONS: Record<AccessHistoryEntry['actorKind'], string | readonly string[]> = {
  patient: ICONS.user,
  doctor: ICONS.stethoscope,
  admin: ICONS.shieldCheck,
  system: ICONS.shield,
  anonymous: ICONS.alert,
  guest: ICONS.userPlus,
};

const OUTCOMES = {
  failure: { label: 'Failed', tone: 'danger' },
  denied: { label: 'Refused', tone: 'warning' },
} as const;

const Layout = styled.div`
  display: grid;
  gap: 16px;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: 1fr 340px;
    align-items: start;
    /* Set-up comes first on a phone (it is short); on a wide screen it sits beside the history. */
    > :first-child { grid-column: 2; grid-row: 1; }
  }
`;

const Advice = styled(Muted)`
  margin-bottom: 12px;
`;

const Day = styled.h3`
  margin: 16px 0 4px;
  font-size: 0.78rem;
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.textMuted};
  &:first-child { margin-top: 0; }
`;

const Entries = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    gap: 12px;
    align-items: flex-start;
    padding: 12px 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:first-child { border-top: none; }
`;

const Avatar = styled.span<{ $alert: boolean }>`
  flex: none;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  background: ${({ theme, $alert }) => ($alert ? theme.colors.dangerSoft : theme.colors.primarySoft)};
  color: ${({ theme, $alert }) => ($alert ? theme.colors.danger : theme.colors.primaryDark)};
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  strong { display: block; font-size: 0.95rem; }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.82rem; }
`;

const Reason = styled.q`
  display: block;
  quotes: none;
  margin: 2px 0;
  font-size: 0.88rem;
  overflow-wrap: anywhere;
`;

function EntryRow({ entry }: { entry: AccessHistoryEntry }) {
  const outcome = entry.outcome === 'success' ? null : OUTCOMES[entry.outcome];
  return (
    <li>
      <Avatar $alert={Boolean(outcome)}>
        <Icon path={ACTOR_ICONS[entry.actorKind]} size={18} />
      </Avatar>
      <Text>
        <strong>{entry.what}</strong>
        {entry.reason ? <Reason>Reason given: “{entry.reason}”</Reason> : null}
        <span>
          {entry.who} · <time dateTime={entry.at}>{format(new Date(entry.at), 'h:mm a')}</time>
        </span>
      </Text>
      {outcome ? <Badge $tone={outcome.tone}>{outcome.label}</Badge> : null}
    </li>
  );
}

function dayLabel(at: Date): string {
  if (isToday(at)) return 'Today';
  if (isYesterday(at)) return 'Yesterday';
  return format(at, 'EEEE, MMM d, yyyy');
}

/** Newest-first entries cut into runs of the same local day. */
function byDay(entries: AccessHistoryEntry[]): [string, AccessHistoryEntry[]][] {
  const days: [string, AccessHistoryEntry[]][] = [];
  for (const entry of entries) {
    const label = dayLabel(new Date(entry.at));
    const last = days[days.length - 1];
    if (last?.[0] === label) last[1].push(entry);
    else days.push([label, [entry]]);
  }
  return days;
}

const SCOPES: Record<string, AccessHistoryScope> = { 'All activity': 'anyone', 'By others': 'others' };
type ScopeTab = keyof typeof SCOPES;

function History({ by }: { by: AccessHistoryScope }) {
  const history = useInfiniteQuery(accessHistoryQuery(by));
  if (history.isPending) {
    return (
      <Stack>
        <Skeleton $height="44px" />
        <Skeleton $height="44px" />
        <Skeleton $height="44px" />
      </Stack>
    );
  }
  if (history.isError) return <EmptyState title="Access history unavailable" message="We could not load your access history. Please try again." action={<Button onClick={() => void history.refetch()}>Try again</Button>} />;
  const entries = history.data.pages.flatMap((page) => page.entries);
  if (!entries.length) {
    return by === 'others' ? (
      <EmptyState title="Nobody else yet" message="When a doctor opens your records, or someone tries to sign in as you, it shows here." />
    ) : (
      <EmptyState title="Nothing yet" message="Sign-ins and every view or change of your records will be listed here." />
    );
  }
  return (
    <Stack>
      <div aria-label="Access history" role="region">
        {byDay(entries).map(([day, items]) => (
          <section key={day}>
            <Day>{day}</Day>
            <Entries>
              {items.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </Entries>
          </section>
        ))}
      </div>
      {history.hasNextPage ? (
        <Button $variant="secondary" $block onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
          {history.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </Stack>
  );
}

/** Who opened or changed the patient's records and account, when, and in which role; plus biometric login. */
export default function AccessHistoryPage() {
  const [tab, setTab] = useState<ScopeTab>('All activity');
  return (
    <>
      <PageHeading
        title="Access history"
        subtitle="Who opened or changed your records and account, and when."
        actions={
          <LinkButton to="/settings" $variant="secondary">
            Settings
          </LinkButton>
        }
      />
      <Layout>
        <BiometricCard />
        <Card>
          <CardHeader>
            <CardTitle>Recent activity</CardTitle>
          </CardHeader>
          <Advice>Don't recognise something? Contact your MediVault operator right away.</Advice>
          <Tabs label="Recent activity" tabs={Object.keys(SCOPES)} value={tab} onChange={setTab}>
            <History by={SCOPES[tab]!} />
          </Tabs>
        </Card>
      </Layout>
    </>
  );
}
