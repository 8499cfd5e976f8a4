import { format } from 'date-fns';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, CardHeader, CardTitle, DeviceList, Icon, IconButton, Muted, Skeleton, Stack } from '../../components/ui';
import { showToast } from '../../components/toast';
import { messageOf } from '../../api/auth';
import { accountSessionsQuery, useSignOutDevice, useSignOutOtherDevices } from '../../api/account';
import type { AccountSession } from '../../../common/api-types';
import { ICONS } from '../auth/icons';

const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy, h:mm a');

function Device({ session }: { session: AccountSession }) {
  const signOut = useSignOutDevice();
  return (
    <li>
      <Icon path={ICONS.shield} size={22} />
      <div>
        <strong>
          {session.device} {session.current ? <Badge $tone="primary">This device</Badge> : null}
        </strong>
        <span>
          Signed in {when(session.createdAt)} · last used {when(session.lastUsedAt)}
        </span>
      </div>
      {session.current ? null : (
        <IconButton
          aria-label={`Sign out ${session.device}`}
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate(session.id, {
              onSuccess: () => showToast('Device signed out', `${session.device} is no longer signed in.`, 'success'),
              onError: (error) => showToast('Error', messageOf(error, 'Failed to sign out this device. Please try again.'), 'destructive'),
            })
          }
        >
          <Icon path={ICONS.trash} />
        </IconButton>
      )}
    </li>
  );
}

/** 'Signed-in devices': every session of the account, with 'Sign out other devices'. */
export function DevicesCard() {
  const { data: sessions, isPending } = useQuery(accountSessionsQuery);
  const signOutOthers = useSignOutOtherDevices();
  const others = (sessions ?? []).filter((s) => !s.current).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Signed-in devices</CardTitle>
      </CardHeader>
      <Stack $gap="12px">
        <Muted>Browsers where you are signed in now. Sign out any you do not recognise.</Muted>
        {isPending ? (
          <Skeleton style={{ height: 56 }} />
        ) : (
          <DeviceList aria-label="Signed-in devices">
            {(sessions ?? []).map((s) => (
              <Device key={s.id} session={s} />
            ))}
          </DeviceList>
        )}
        <Button
          $variant="secondary"
          disabled={others === 0 || signOutOthers.isPending}
          onClick={() =>
            signOutOthers.mutate(undefined, {
              onSuccess: () => showToast('Other devices signed out', 'Only this device is signed in now.', 'success'),
              onError: (error) => showToast('Error', messageOf(error, 'Failed to sign out your other devices. Please try again.'), 'destructive'),
            })
          }
        >
          Sign out other devices
        </Button>
      </Stack>
    </Card>
  );
}
