import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, CardHeader, CardTitle, LoadFailed, Muted, Skeleton, Stack } from '../../components/ui';
import { showToast } from '../../components/toast';
import { messageOf } from '../../api/auth';
import { mfaStatusQuery, useMfaConfirm, useMfaDisable, useMfaEnrolment } from '../../api/mfa';
import { AuthenticatorSetup } from '../../components/mfa/AuthenticatorSetup';
import { CodeForm } from '../../components/mfa/CodeForm';
import { RecoveryCodesPanel } from '../../components/mfa/RecoveryCodesPanel';
import { plural } from '../../../common/plural';

type Step = 'idle' | 'setting-up' | 'turning-off';

/** Two-step verification: turned on with an authenticator app (recovery codes shown once), or off with a code. */
export function TwoStepCard() {
  const status = useQuery(mfaStatusQuery);
  const enrolment = useMfaEnrolment();
  const confirm = useMfaConfirm();
  const disable = useMfaDisable();
  const [step, setStep] = useState<Step>('idle');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const startSetUp = () =>
    enrolment.mutate(undefined, {
      onSuccess: () => setStep('setting-up'),
      onError: (error) => showToast('Could not start', messageOf(error, 'Please try again.'), 'destructive'),
    });
  const turnOn = (code: string) =>
    confirm.mutate(code, {
      onSuccess: ({ recoveryCodes: codes }) => {
        setRecoveryCodes(codes);
        setStep('idle');
        showToast('Two-step verification is on', 'You will be asked for a code when you sign in.', 'success');
      },
      onError: (error) => showToast('Verification failed', messageOf(error, 'That code did not work. Please try again.'), 'destructive'),
    });
  const turnOff = (code: string) =>
    disable.mutate(code, {
      onSuccess: () => {
        setStep('idle');
        showToast('Two-step verification is off', 'Your password alone signs you in again.', 'success');
      },
      onError: (error) => showToast('Not turned off', messageOf(error, 'That code did not work. Please try again.'), 'destructive'),
    });

  return (
    <Card data-testid="two-step">
      <CardHeader>
        <CardTitle>Two-step verification</CardTitle>
        {status.data ? <Badge $tone={status.data.enabled ? 'success' : 'neutral'}>{status.data.enabled ? 'On' : 'Off'}</Badge> : null}
      </CardHeader>
      {recoveryCodes ? (
        <RecoveryCodesPanel codes={recoveryCodes} doneLabel="Done" onDone={() => setRecoveryCodes(null)} />
      ) : !status.data && status.isError ? (
        <LoadFailed what="two-step verification settings" onRetry={() => void status.refetch()} />
      ) : !status.data ? (
        <Skeleton $height="48px" />
      ) : step === 'setting-up' && enrolment.data ? (
        <Stack $gap="12px">
          <AuthenticatorSetup enrolment={enrolment.data} />
          <CodeForm label="Turn on" pendingLabel="Checking..." pending={confirm.isPending} onCode={turnOn} />
          <Button type="button" $variant="ghost" onClick={() => setStep('idle')}>
            Cancel
          </Button>
        </Stack>
      ) : step === 'turning-off' ? (
        <Stack $gap="12px">
          <Muted>Enter a code from your authenticator app (or a recovery code) to turn two-step verification off.</Muted>
          <CodeForm label="Turn off" pendingLabel="Checking..." pending={disable.isPending} onCode={turnOff} />
          <Button type="button" $variant="ghost" onClick={() => setStep('idle')}>
            Cancel
          </Button>
        </Stack>
      ) : status.data.enabled ? (
        <Stack $gap="12px">
          <Muted>
            A code from your authenticator app is asked at every sign-in with your password. {plural(status.data.recoveryCodesLeft, 'recovery code')} left.
          </Muted>
          {status.data.required ? (
            <Muted>Your account requires it.</Muted>
          ) : (
            <Button type="button" $variant="secondary" onClick={() => setStep('turning-off')}>
              Turn off
            </Button>
          )}
        </Stack>
      ) : (
        <Stack $gap="12px">
          <Muted>Add a code from an authenticator app on your phone to your password, so a stolen password alone cannot open your records.</Muted>
          <Button type="button" onClick={startSetUp} disabled={enrolment.isPending}>
            {enrolment.isPending ? 'Starting...' : 'Turn on two-step verification'}
          </Button>
        </Stack>
      )}
    </Card>
  );
}
