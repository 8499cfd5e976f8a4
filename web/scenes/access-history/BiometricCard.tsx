import { format } from 'date-fns';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { Badge, Button, Card, CardHeader, CardTitle, DeviceList, Icon, IconButton, LoadFailed, Muted, Skeleton, Stack } from '../../components/ui';
import { showToast } from '../../components/toast';
import { messageOf } from '../../api/auth';
import { isAlreadyRegistered, isThisDevice, passkeysQuery, usePlatformAuthenticator, useRegisterPasskey, useRemovePasskey } from '../../api/passkeys';
import type { Passkey } from '../../../common/api-types';
import { ICONS } from '../auth/icons';

const Unavailable = styled.div`
  display: flex;
  gap: 10px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  strong { display: block; }
  svg { color: ${({ theme }) => theme.colors.textMuted}; flex: none; margin-top: 2px; }
`;

const SetUp = styled.p`
  margin: 0;
  display: flex;
  align-items: center;
  gap: 8px;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.success};
`;

const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy');

function PasskeyList({ passkeys }: { passkeys: Passkey[] }) {
  const remove = useRemovePasskey();
  if (!passkeys.length) return null;
  return (
    <DeviceList aria-label="Devices with biometric login">
      {passkeys.map((p) => (
        <li key={p.id}>
          <Icon path={ICONS.fingerprint} size={22} />
          <div>
            <strong>
              {p.deviceName ?? 'Passkey'} {isThisDevice(p) ? <Badge $tone="primary">This device</Badge> : null}
            </strong>
            <span>
              Added {when(p.createdAt)}
              {p.lastUsedAt ? ` · last used ${when(p.lastUsedAt)}` : ' · not used yet'}
            </span>
          </div>
          <IconButton
            aria-label={`Remove ${p.deviceName ?? 'passkey'}`}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(p.id, {
                onSuccess: () => showToast('Biometric login removed', `${p.deviceName ?? 'This passkey'} can no longer sign you in.`, 'success'),
                onError: (error) => showToast('Error', messageOf(error, 'Failed to remove this device. Please try again.'), 'destructive'),
              })
            }
          >
            <Icon path={ICONS.trash} />
          </IconButton>
        </li>
      ))}
    </DeviceList>
  );
}

/** 'Set up biometric login' for this device, and the devices that can already sign in with a passkey. */
export function BiometricCard() {
  const available = usePlatformAuthenticator();
  const { data: known, isError, refetch } = useQuery(passkeysQuery);
  const passkeys = known ?? [];
  const register = useRegisterPasskey();

  const setUp = () =>
    register.mutate(undefined, {
      onSuccess: () => showToast('Biometric login is set up', 'Next time, choose Use Biometric Login on the sign-in screen.', 'success'),
      onError: (error) =>
        isAlreadyRegistered(error)
          ? showToast('Already set up', 'This device can already sign you in with biometric login.')
          : showToast('Biometric setup failed', messageOf(error, 'Your device did not confirm. Please try again.'), 'destructive'),
    });
  const thisDeviceSetUp = passkeys.some(isThisDevice);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Biometric login</CardTitle>
        {known ? <Badge $tone={passkeys.length ? 'success' : 'neutral'}>{passkeys.length ? 'On' : 'Off'}</Badge> : null}
      </CardHeader>
      <Stack>
        <Muted>Sign in with your fingerprint, face or device PIN. Your biometrics never leave this device.</Muted>
        {!known && isError ? (
          <LoadFailed what="biometric login devices" onRetry={() => void refetch()} />
        ) : available === null || !known ? (
          <Skeleton $height="44px" />
        ) : available && thisDeviceSetUp ? (
          <SetUp role="status">
            <Icon path={ICONS.check} />
            This device is set up for biometric login.
          </SetUp>
        ) : available ? (
          <Button $block onClick={setUp} disabled={register.isPending}>
            <Icon path={ICONS.fingerprint} />
            {register.isPending ? 'Waiting for your device...' : 'Set up biometric login'}
          </Button>
        ) : (
          <Unavailable role="note">
            <Icon path={ICONS.alert} />
            <div>
              <strong>Biometric authentication unavailable</strong>
              <Muted>Your device doesn't support biometric authentication.</Muted>
            </div>
          </Unavailable>
        )}
        <PasskeyList passkeys={passkeys} />
      </Stack>
    </Card>
  );
}
