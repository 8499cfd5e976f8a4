import { useEffect, useState } from 'react';
import { FormIntroText } from './FormIntroText';
import { AuthenticatorSetup } from './AuthenticatorSetup';
import { CodeForm } from './CodeForm';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { Muted, Spinner, Stack } from '../ui';
import { showToast } from '../toast';
import { messageOf } from '../../api/auth';
import { useMfaEnrolment, useSecondStep, type SecondStepResult } from '../../api/mfa';

/**
 * The second step of a sign-in the server held: a code from the authenticator (or a recovery code); an
 * account with no authenticator yet sets one up first, and then sees its recovery codes once.
 */
export function SecondFactorStep({ enrolled, onSignedIn }: { enrolled: boolean; onSignedIn: (result: SecondStepResult) => void }) {
  const enrolment = useMfaEnrolment();
  const verify = useSecondStep();
  const [confirmed, setConfirmed] = useState<SecondStepResult | null>(null);
  useEffect(() => {
    if (!enrolled) enrolment.mutate();
  }, [enrolled]);

  const send = (code: string) =>
    verify.mutate(code, {
      onSuccess: (result) => (result.recoveryCodes ? setConfirmed(result) : onSignedIn(result)),
      onError: (error) => showToast('Verification failed', messageOf(error, 'That code did not work. Please try again.'), 'destructive'),
    });

  if (confirmed?.recoveryCodes) return <RecoveryCodesPanel codes={confirmed.recoveryCodes} doneLabel="Continue" onDone={() => onSignedIn(confirmed)} />;
  return (
    <Stack $gap="14px" data-testid="second-factor">
      <FormIntroText title="Two-step verification" text={enrolled ? 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.' : 'Your account needs an authenticator app to sign in. Set it up now.'} />
      {enrolled ? null : enrolment.data ? <AuthenticatorSetup enrolment={enrolment.data} /> : enrolment.isError ? <Muted>{messageOf(enrolment.error, 'Could not start the set-up. Sign in again.')}</Muted> : <Spinner />}
      <CodeForm label="Verify" pendingLabel="Verifying..." pending={verify.isPending} onCode={send} />
    </Stack>
  );
}
