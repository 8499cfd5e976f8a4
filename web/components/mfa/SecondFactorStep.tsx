import { useEffect, useState } from 'react';
import type { SecondFactorMethod } from '../../../common/api-types';
import { FormIntroText } from './FormIntroText';
import { AuthenticatorSetup } from './AuthenticatorSetup';
import { CodeForm } from './CodeForm';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { Button, Muted, Spinner, Stack } from '../ui';
import { showToast } from '../toast';
import { messageOf } from '../../api/auth';
import { useMfaEnrolment, usePasskeySecondStep, usePasskeySetup, useSecondStep, type SecondStepResult } from '../../api/mfa';

const INTROS: Record<string, string> = {
  totp: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  passkey: 'Use your passkey to finish signing in, or enter one of your recovery codes.',
  'totp,passkey': 'Use your passkey, or enter the 6-digit code from your authenticator app or one of your recovery codes.',
  '': 'Your account needs a second step to sign in. Set up an authenticator app, or use a passkey on this device or a security key.',
};

const PASSKEY_FAILED = 'The passkey did not work. Please try again.';

/**
 * The second step of a sign-in the server held: the account's passkey, a code from its authenticator, or a
 * recovery code. An account with neither yet sets one up first (an authenticator app, or a passkey), and
 * then sees its recovery codes once.
 */
export function SecondFactorStep({ methods, onSignedIn }: { methods: SecondFactorMethod[]; onSignedIn: (result: SecondStepResult) => void }) {
  const settingUp = methods.length === 0;
  const enrolment = useMfaEnrolment();
  const verify = useSecondStep();
  const passkey = usePasskeySecondStep();
  const passkeySetup = usePasskeySetup();
  const [confirmed, setConfirmed] = useState<SecondStepResult | null>(null);
  useEffect(() => {
    if (settingUp) enrolment.mutate();
  }, [settingUp]);

  const done = (result: SecondStepResult) => (result.recoveryCodes ? setConfirmed(result) : onSignedIn(result));
  const failed = (fallback: string) => (error: Error) => showToast('Verification failed', messageOf(error, fallback), 'destructive');
  const send = (code: string) => verify.mutate(code, { onSuccess: done, onError: failed('That code did not work. Please try again.') });

  if (confirmed?.recoveryCodes) return <RecoveryCodesPanel codes={confirmed.recoveryCodes} doneLabel="Continue" onDone={() => onSignedIn(confirmed)} />;
  return (
    <Stack $gap="14px" data-testid="second-factor">
      <FormIntroText title="Two-step verification" text={INTROS[methods.join(',')] ?? INTROS.totp!} />
      {methods.includes('passkey') ? (
        <Button $block disabled={passkey.isPending} onClick={() => passkey.mutate(undefined, { onSuccess: done, onError: failed(PASSKEY_FAILED) })}>
          {passkey.isPending ? 'Waiting for your passkey...' : 'Use your passkey'}
        </Button>
      ) : null}
      {settingUp ? enrolment.data ? <AuthenticatorSetup enrolment={enrolment.data} /> : enrolment.isError ? <Muted>{messageOf(enrolment.error, 'Could not start the set-up. Sign in again.')}</Muted> : <Spinner /> : null}
      <CodeForm label="Verify" pendingLabel="Verifying..." pending={verify.isPending} onCode={send} />
      {settingUp ? (
        <Button $block $variant="secondary" disabled={passkeySetup.isPending} onClick={() => passkeySetup.mutate(undefined, { onSuccess: done, onError: failed(PASSKEY_FAILED) })}>
          {passkeySetup.isPending ? 'Waiting for your passkey...' : 'Set up a passkey instead'}
        </Button>
      ) : null}
    </Stack>
  );
}
