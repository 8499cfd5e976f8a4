import { useEffect, useState } from 'react';
import { format } from 'date-fns';
import styled from 'styled-components';
import { useIsOffline } from '../../offline/connectivity';
import { useOutbox } from '../../offline/use-outbox';
import { lastSynced } from '../../offline/vault';
import { RECORD_ICONS } from '../records/icons';
import { Badge, Icon } from '../ui';
import { WILL_SYNC } from './will-sync';

const Banner = styled.section<{ $offline: boolean }>`
  margin-bottom: 16px;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ $offline, theme }) => ($offline ? theme.colors.warningSoft : theme.colors.infoSoft)};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.9rem;
`;

const Headline = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 10px;
  margin: 0;
  strong { display: inline-flex; align-items: center; gap: 6px; color: ${({ theme }) => theme.colors.warning}; }
`;

const Changes = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: grid;
  gap: 6px;
  li { display: flex; justify-content: space-between; align-items: center; gap: 8px; flex-wrap: wrap; }
`;

/**
 * 'Offline' with the time of the last sync while the app works from the device, and the changes that
 * wait to be sent, each marked 'Will sync when online'.
 */
export function OfflineStatus() {
  const offline = useIsOffline();
  const waiting = useOutbox();
  const [synced, setSynced] = useState<number | undefined>();

  useEffect(() => {
    if (offline) void lastSynced().then(setSynced, () => undefined);
  }, [offline]);

  if (!offline && !waiting.length) return null;
  return (
    <Banner $offline={offline} role="status" aria-label="Connection" data-testid="offline-status">
      <Headline>
        {offline ? (
          <strong>
            <Icon path={RECORD_ICONS.offline} size={16} />
            Offline
          </strong>
        ) : null}
        <span>
          {offline
            ? synced
              ? `Showing the records kept on this device, last synced ${format(synced, 'MMM d, h:mm a')}.`
              : 'Showing the records kept on this device.'
            : 'Back online: sending your changes.'}
        </span>
      </Headline>
      {waiting.length ? (
        <Changes aria-label="Changes waiting to be sent">
          {waiting.map((change) => (
            <li key={change.id}>
              <span>{change.label}</span>
              <Badge $tone="warning">{WILL_SYNC}</Badge>
            </li>
          ))}
        </Changes>
      ) : null}
    </Banner>
  );
}
