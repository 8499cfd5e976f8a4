import { useEffect, useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Stack } from '../../components/ui';
import { FormField } from '../../components/ui/FormField';
import { meQuery } from '../../api/session';
import { hasOfflinePin, unlockWithPin } from '../../offline/vault-key';
import { offlineUnlockSchema, type OfflineUnlockPayload } from '../../../common/schemas/offline-pin';
import { AuthCard, AuthShell, BrandMark, FormIntro } from './AuthShell';

const EMPTY: OfflineUnlockPayload = { pin: '' };

/** Only a page of this app: anything else (another site, a scheme) goes to the dashboard. */
const ownPath = (to: string | undefined) => (to?.startsWith('/') && !to.startsWith('//') ? to : '/dashboard');

/**
 * /unlock?to=...: offline on a fresh page, the records kept on this device open with its offline PIN (set
 * in Settings); without one they wait for the connection.
 */
export default function UnlockVaultPage() {
  const { to } = useSearch({ strict: false }) as { to?: string };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pinSet, setPinSet] = useState<boolean | null>(null);
  useEffect(() => {
    void hasOfflinePin().then(setPinSet, () => setPinSet(false));
  }, []);

  const goOn = async () => {
    await queryClient.resetQueries({ queryKey: meQuery.queryKey, exact: true });
    await navigate({ to: ownPath(to) });
  };
  const submit = async (values: OfflineUnlockPayload, helpers: FormikHelpers<OfflineUnlockPayload>) => {
    if (await unlockWithPin(offlineUnlockSchema.cast(values).pin)) return goOn();
    helpers.setFieldError('pin', 'That PIN is not right. Please try again.');
  };

  return (
    <AuthShell hero={<BrandMark />}>
      <AuthCard>
        <FormIntro>
          <h1>Your records are locked</h1>
          <p>
            {pinSet === false
              ? "You're offline, and this device has no offline PIN: your records open once you're back online. Set a PIN in Settings to read them offline next time."
              : "You're offline. Enter this device's offline PIN to read the records kept on it."}
          </p>
        </FormIntro>
        {pinSet && (
          <Formik initialValues={EMPTY} validationSchema={offlineUnlockSchema} onSubmit={submit}>
            {({ isSubmitting }) => (
              <Form noValidate>
                <Stack $gap="14px">
                  <FormField name="pin" label="Offline PIN" type="password" autoComplete="current-password" />
                  <Button type="submit" $block $size="lg" disabled={isSubmitting}>
                    {isSubmitting ? 'Unlocking...' : 'Unlock'}
                  </Button>
                </Stack>
              </Form>
            )}
          </Formik>
        )}
        {pinSet === false && (
          <Button type="button" $block $size="lg" onClick={() => void goOn()}>
            Try again
          </Button>
        )}
      </AuthCard>
    </AuthShell>
  );
}
