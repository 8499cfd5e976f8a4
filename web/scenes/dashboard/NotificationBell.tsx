import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { formatDistanceToNow } from 'date-fns';
import styled from 'styled-components';
import type { AppNotification } from '../../../common/api-types';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../../api/records';
import { RECORD_ICONS } from '../../components/records/icons';
import { Button, Icon, IconButton, LoadFailed, useFocusReturn } from '../../components/ui';
import { notificationDestination } from './notification-destination';

const Anchor = styled.div`
  position: relative;
`;

const Count = styled.span`
  position: absolute;
  top: -4px;
  right: -4px;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.72rem;
  font-weight: 700;
  display: grid;
  place-items: center;
  border: 2px solid ${({ theme }) => theme.colors.surface};
`;

/** Under the bell from tablet width; across the screen below the header on phones. */
const Panel = styled.div`
  position: fixed;
  left: 16px;
  right: 16px;
  top: 72px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    position: absolute;
    left: auto;
    right: 0;
    top: calc(100% + 8px);
    width: 360px;
  }
  max-height: 70vh;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  z-index: 30;
  header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding: 12px 14px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    h2 { margin: 0; font-size: 1rem; }
  }
`;

const Item = styled.button<{ $unread: boolean; $actionable: boolean }>`
  display: flex;
  gap: 10px;
  width: 100%;
  text-align: left;
  border: none;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  padding: 12px 14px;
  background: ${({ $unread, theme }) => ($unread ? theme.colors.primarySoft + '66' : 'transparent')};
  cursor: ${({ $actionable }) => ($actionable ? 'pointer' : 'default')};
  color: inherit;
  &:last-child { border-bottom: none; }
  strong { display: block; font-size: 0.92rem; }
  span { display: block; font-size: 0.85rem; color: ${({ theme }) => theme.colors.textMuted}; }
  small { display: block; margin-top: 4px; font-size: 0.75rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** Read out (the dot says it to the eye) but not shown. */
const ScreenReaderOnly = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

const Dot = styled.i<{ $unread: boolean }>`
  flex-shrink: 0;
  width: 8px;
  height: 8px;
  margin-top: 6px;
  border-radius: 50%;
  background: ${({ $unread, theme }) => ($unread ? theme.colors.primary : 'transparent')};
`;

const Empty = styled.p`
  margin: 0;
  padding: 24px 14px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function NotificationItem({ notification, onOpen }: { notification: AppNotification; onOpen: (notification: AppNotification) => void }) {
  const unread = !notification.isRead;
  const leads = Boolean(notificationDestination(notification));
  return (
    <Item
      $unread={unread}
      $actionable={unread || leads}
      onClick={() => onOpen(notification)}
      data-testid="notification"
    >
      <Dot $unread={unread} />
      <div>
        <strong>
          {notification.title}
          {unread ? <ScreenReaderOnly> (unread)</ScreenReaderOnly> : null}
        </strong>
        <span>{notification.message}</span>
        <small>{formatDistanceToNow(new Date(notification.createdAt), { addSuffix: true })}</small>
      </div>
    </Item>
  );
}

/** The bell with the unread count; opening a notification marks it read and goes to the screen it is about. */
export function NotificationBell() {
  const notifications = useNotifications();
  const { items } = notifications;
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const anchor = useRef<HTMLDivElement>(null);
  const unread = items.filter((n) => !n.isRead).length;
  useFocusReturn(open);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !anchor.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const openNotification = (notification: AppNotification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    const destination = notificationDestination(notification);
    if (!destination) return;
    setOpen(false);
    void navigate({ to: destination });
  };

  return (
    <Anchor ref={anchor}>
      <IconButton onClick={() => setOpen((o) => !o)} aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'} aria-expanded={open}>
        <Icon path={RECORD_ICONS.bell} />
        {unread ? <Count data-testid="unread-count">{unread}</Count> : null}
      </IconButton>
      {open ? (
        <Panel role="dialog" aria-label="Notifications">
          <header>
            <h2>Notifications</h2>
            {unread ? (
              <Button $variant="ghost" $size="sm" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
                Mark all as read
              </Button>
            ) : null}
          </header>
          {items.length ? (
            items.map((n) => <NotificationItem key={n.id} notification={n} onOpen={openNotification} />)
          ) : notifications.failed ? (
            <LoadFailed what="notifications" onRetry={notifications.retry} />
          ) : (
            <Empty>{notifications.isPending ? 'Loading notifications...' : 'No notifications'}</Empty>
          )}
        </Panel>
      ) : null}
    </Anchor>
  );
}
